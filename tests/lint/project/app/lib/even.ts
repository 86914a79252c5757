// Half of a cycle: even.ts and odd.ts import each other.
import { isOdd } from "./odd.ts";

export const isEven = (value: number): boolean => value === 0 || isOdd(value - 1);
