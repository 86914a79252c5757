/**
 * The site server with the process guard installed, as server/serve.ts has it,
 * and request handlers that throw where no `catch` can reach: from a body's
 * stream event and from a timer a request started. Run as a child process by
 * tests/service/request-guard.test.ts, which reads its log. SIGUSR2 throws from
 * a timer that belongs to no request.
 */
import type { AddressInfo } from "node:net";

import { guardProcessAgainstRequests } from "../../server/http/request-guard.ts";
import { createSiteServer } from "../../server/site-server.ts";
import { apiOnly } from "../../server/platform/platform.ts";
import type { createLeadApi } from "../../server/leads/api.ts";

const log = (line: string) => console.log(line);
guardProcessAgainstRequests(log);

const leads = {
  async handleApi(request, response, url) {
    if (url.pathname === "/api/del-cuerpo")
      request.on("data", () => {
        throw new Error("falla al leer el cuerpo");
      });
    else if (url.pathname === "/api/mas-tarde")
      setTimeout(() => {
        throw new Error("falla en un temporizador de la solicitud");
      }, 5);
    else if (url.pathname === "/api/promesa") void Promise.reject(new Error("promesa rechazada sin catch"));
    else response.writeHead(200, { "Content-Length": 2 }).end("ok");
  },
  thankYouPage: async () => undefined,
} as Pick<ReturnType<typeof createLeadApi>, "handleApi" | "thankYouPage"> as ReturnType<typeof createLeadApi>;

const server = createSiteServer({
  clientDir: process.argv[2]!,
  policy: { formServiceUrl: "", scriptHashes: [] },
  paths: apiOnly(leads.handleApi),
  leads,
  log,
});
process.on("SIGUSR2", () =>
  setTimeout(() => {
    throw new Error("falla fuera de toda solicitud");
  }, 1),
);
server.listen(0, "127.0.0.1", () => log(`escuchando en ${(server.address() as AddressInfo).port}`));
