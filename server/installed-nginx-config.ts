import { hstsValue } from "./headers.ts";
import { fillTemplate, nginxBodyTimeoutSeconds } from "./nginx-template.ts";
import { uploadRequestBytes } from "./service-facts.ts";

/**
 * The nginx site deploy/install.sh writes (deploy/nginx/installed-*.conf.template): every request
 * to the service, which serves its current publication; HTTPS by Mozilla's intermediate profile;
 * unknown names refused. Its headers, limits and timeouts come from the same modules as the build's
 * configuration for hand deploys (server/nginx-config.ts), so the two never disagree.
 */
export type InstalledSiteOptions = {
  domain: string;
  /** The service's port; an update's candidate answers on the next one. */
  port: number;
  /** LEADS_PROXY_SECRET: nginx proves itself with it (decision 0040). */
  proxySecret: string;
  /** Where certbot answers its HTTP challenges. */
  acmeWebroot: string;
  /** The certificate and its key; absent before certbot got one (HTTP only, for the challenge). */
  tls?: { certificate: string; key: string };
  /** Whether the server has IPv6 (nginx refuses to listen on [::] where it has not). */
  ipv6: boolean;
};

const domainPattern = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;
const pathPattern = /^\/[A-Za-z0-9./_-]+$/;
const secretPattern = /^[A-Za-z0-9]+$/;

export function renderInstalledSite(options: InstalledSiteOptions): string {
  const { domain, port, proxySecret, acmeWebroot, tls } = options;
  // Everything here lands in a file nginx reads as root: only values that cannot become directives.
  const problems = [
    !domainPattern.test(domain) && `domain ${JSON.stringify(domain)}`,
    !(Number.isInteger(port) && port >= 1024 && port < 65535) && `port ${port}`,
    !secretPattern.test(proxySecret) && "proxy secret (letters and digits only)",
    !pathPattern.test(acmeWebroot) && `ACME webroot ${JSON.stringify(acmeWebroot)}`,
    tls && !pathPattern.test(tls.certificate) && `certificate ${JSON.stringify(tls.certificate)}`,
    tls && !pathPattern.test(tls.key) && `key ${JSON.stringify(tls.key)}`,
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`Not written into nginx's configuration: ${problems.join(", ")}.`);

  const shared = { DOMAIN: domain, HSTS: hstsValue };
  const site = fillTemplate("installed-site.conf.template", {
    ...shared,
    PORT: String(port),
    CANDIDATE_PORT: String(port + 1),
    ACME_WEBROOT: acmeWebroot,
    TLS_SERVERS: tls
      ? fillTemplate("installed-tls.conf.template", {
          ...shared,
          CERTIFICATE: tls.certificate,
          CERTIFICATE_KEY: tls.key,
          REQUEST_MEGABYTES: String(Math.ceil(uploadRequestBytes / 1024 / 1024)),
          PROXY_SECRET: proxySecret,
          BODY_TIMEOUT: String(nginxBodyTimeoutSeconds()),
        })
      : "",
  });
  return options.ipv6
    ? site
    : site
        .split("\n")
        .filter((line) => !line.trimStart().startsWith("listen [::]"))
        .join("\n");
}
