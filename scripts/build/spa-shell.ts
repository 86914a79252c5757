import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler, type ServerBuild } from "react-router";

import { serverEntryOf } from "../../server/build-layout.ts";

/**
 * The client-rendered shell of this app (root layout and scripts, no page
 * content), which the benchmark serves as its "baseline" architecture. React
 * Router writes it by itself only when nothing is server-rendered; with the
 * inbox on the server, the build asks the server build for it the same way
 * React Router's prerenderer does.
 */
export async function renderSpaShell(buildDir: string): Promise<string> {
  const entry = pathToFileURL(resolve(serverEntryOf(buildDir))).href;
  const build = (await import(entry)) as ServerBuild;
  const previous = process.env.IS_RR_BUILD_REQUEST;
  // React Router honours the SPA-mode request header only during a build.
  process.env.IS_RR_BUILD_REQUEST = "yes";
  try {
    const handle = createRequestHandler(build, "production");
    const response = await handle(
      new Request("http://localhost/", { headers: { "X-React-Router-SPA-Mode": "yes" } }),
    );
    const html = await response.text();
    if (response.status !== 200 || !html.includes("window.__reactRouterRouteModules")) {
      throw new Error(`The SPA shell did not render (status ${response.status}).`);
    }
    return html;
  } finally {
    if (previous === undefined) delete process.env.IS_RR_BUILD_REQUEST;
    else process.env.IS_RR_BUILD_REQUEST = previous;
  }
}
