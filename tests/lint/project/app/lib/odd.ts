// The other half of the cycle.
import { isEven } from "./even.ts";

export const isOdd = (value: number): boolean => value !== 0 && isEven(value - 1);
