import { startNginx, type NginxServer } from "../../scripts/nginx-server.ts";
import { buildDir } from "../../server/build-layout.ts";
import { expect, test } from "./fixtures.ts";
import { startInboxServer, type InboxServer } from "./inbox-server.ts";
import { rawRequest } from "./raw-http.ts";

/**
 * Whose X-Forwarded-For the service believes (decision 0040), with the project's nginx and the
 * service configured as an installed server is (the old LEADS_TRUSTED_PROXIES=127.0.0.1 still
 * there, the secret beside it): nginx's, which carries the secret, and no one else's. Each client
 * behind nginx has its own rate limit; a local process that writes the header straight to the
 * service is counted by its own address, however many addresses it writes.
 */
const secret = "9c4e1f7a2b8d3e6f0a5c9b1d4e7f2a8c6b0d3f5e9a1c7b4d8f2e6a0c3b5d9f1e";
const limit = 2;
let service: InboxServer;
let nginx: NginxServer;

test.beforeAll(async () => {
  service = await startInboxServer({
    owner: false,
    env: { LEADS_RATE_LIMIT: String(limit), LEADS_TRUSTED_PROXIES: "127.0.0.1", LEADS_PROXY_SECRET: secret },
  });
  nginx = await startNginx(buildDir, { leadService: new URL(service.url).host, proxySecret: secret });
});
test.afterAll(async () => {
  await nginx.stop();
  await service.stop();
});

const lead = new URLSearchParams({
  tipoPropiedad: "Departamento",
  direccion: "Juana Manso 1000",
  superficie: "80",
  ambientes: "3 ambientes",
  nombre: "Ana Prueba",
  telefono: "11 5555 0000",
  email: "ana@example.com",
  _page: "/",
}).toString();

async function submit(base: string, options: { from: string; forwardedFor?: string; secret?: string }) {
  const response = await rawRequest(`${base}/api/form/submit/express`, {
    method: "POST",
    localAddress: options.from,
    headers: {
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
      ...(options.forwardedFor ? { "X-Forwarded-For": options.forwardedFor } : {}),
      ...(options.secret ? { "X-Proxy-Secret": options.secret } : {}),
    },
    body: lead,
  });
  return response.status;
}

test("through nginx each visitor has its own limit, whatever X-Forwarded-For they write", async () => {
  const statuses: number[] = [];
  for (let index = 0; index <= limit; index++)
    statuses.push(await submit(nginx.baseUrl, { from: "127.0.0.2", forwardedFor: `198.51.100.${index}` }));
  expect(statuses).toEqual([201, 201, 429]);
  // Another visitor (another address reaching nginx) is not held by the first one's limit.
  expect(await submit(nginx.baseUrl, { from: "127.0.0.3" })).toBe(201);
});

test("a local process writing X-Forwarded-For straight to the service is counted by its own address", async () => {
  const statuses: number[] = [];
  for (let index = 0; index <= limit; index++)
    statuses.push(
      await submit(service.url, {
        from: "127.0.0.1",
        forwardedFor: `203.0.113.${index}`,
        // A guess at the secret, or none: either way no proxy.
        secret: index % 2 ? "adivinado-adivinado-adivinado-adivinado" : undefined,
      }),
    );
  expect(statuses).toEqual([201, 201, 429]);
});
