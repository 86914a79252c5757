// Breaks the test boundary: a build script imports a test helper.
import { testPort } from "../tests/ports.ts";

export const buildName = `build-${testPort}`;
