/**
 * The build the browser tests run against: the default configuration, so the
 * forms post to the lead service on the site's own origin, which the test
 * server runs with a database of its own (tests/e2e/test-server.ts).
 */
export const testBuildEnv = {
  BUILD_DIR: "build",
};
