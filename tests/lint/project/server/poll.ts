import { Worker } from "node:worker_threads";
// Breaks the jobs rule: a repeating timer and a thread of its own…
setInterval(() => {}, 1_000);
new Worker(new URL("./listen.ts", import.meta.url));
// Allowed: a one-off timer (a deadline, a drain).
setTimeout(() => {}, 1_000);
