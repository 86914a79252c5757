/**
 * Prints the nginx site deploy/install.sh writes (server/installed-nginx-config.ts), from the
 * installer's values in the environment, never on the command line (the secret):
 * NGINX_DOMAIN, NGINX_PORT, LEADS_PROXY_SECRET, NGINX_ACME_WEBROOT, NGINX_CERTIFICATE and
 * NGINX_CERTIFICATE_KEY (both or neither), NGINX_IPV6 (true or false). Run by root with Node
 * alone from the clone: nothing it imports needs a package.
 */
import { renderInstalledSite } from "./installed-nginx-config.ts";

const env = process.env;
const certificate = env.NGINX_CERTIFICATE;
const key = env.NGINX_CERTIFICATE_KEY;
try {
  process.stdout.write(
    renderInstalledSite({
      domain: env.NGINX_DOMAIN ?? "",
      port: Number(env.NGINX_PORT),
      proxySecret: env.LEADS_PROXY_SECRET ?? "",
      acmeWebroot: env.NGINX_ACME_WEBROOT ?? "",
      tls: certificate && key ? { certificate, key } : undefined,
      ipv6: env.NGINX_IPV6 === "true",
    }),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
