// Breaks the app boundary twice: the site's code imports a server and a build script.
import { listenPort } from "../../server/listen.ts";
import { buildName } from "../../scripts/build.ts";

export const address = `${buildName}:${listenPort}`;
