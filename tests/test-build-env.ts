/**
 * The build the browser tests run against: default example configuration,
 * except the hosted form service, which a local recorder stands in for.
 */
export const formServicePort = 4599;

export const testBuildEnv = {
  BUILD_DIR: "build",
  SITE_FORM_SERVICE_URL: `http://127.0.0.1:${formServicePort}`,
};
