import { Worker } from "node:worker_threads";
// Allowed: the jobs module is where timers and threads start.
export const every = (work: () => void) => setInterval(work, 1_000);
export const thread = () => new Worker(new URL("./listen.ts", import.meta.url));
