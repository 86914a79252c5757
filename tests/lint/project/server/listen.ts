// Breaks the test boundary: product code imports a test helper.
import { testPort } from "../tests/ports.ts";

export const listenPort = testPort;
