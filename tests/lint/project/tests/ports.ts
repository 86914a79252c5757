// Allowed: tests import product code.
import { shout } from "../app/lib/shout.ts";

export const testPort = 4000;
export const label = shout("test");
