import type { AddressInfo } from "node:net";

import type { InboxService } from "#app/features/inbox/inbox-service.ts";
import { clientDirOf } from "../../server/build-layout.ts";
import { readHeaderPolicy } from "../../server/headers.ts";
import { createInboxService } from "../../server/inbox/inbox-service.ts";
import { startInboxApp } from "../../server/inbox/inbox-app.ts";
import { Secret, TOTP } from "otpauth";
import { issueFirstFactorCode, printedCodeLifetimeMs } from "../../server/inbox/second-factor/owner-codes.ts";
import { OwnerAuth } from "../../server/inbox/owner-auth.ts";
import { createLeadApi } from "../../server/leads/api.ts";
import { installedFormTowers, serviceForms } from "../../server/leads/forms.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import type { Store, StorageOptions } from "../../server/storage/store.ts";
import { createSiteServer } from "../../server/site-server.ts";
import { apiOnly } from "../../server/platform/platform.ts";
import { installedSite } from "../../server/site/published-site.ts";
import { loadSiteConfig } from "#app/config/site-config.ts";

/** A lead endpoint as the site server takes it: its /api/ paths and its thank-you page. */
const withPaths = (leads: ReturnType<typeof createLeadApi>) => ({ paths: apiOnly(leads.handleApi), leads });

/** The configuration the inbox benchmarks run with. */
export const benchSite = {
  offPlanFormId: "consulta-inversion-pozo",
  deliveryHours: "24-48",
  businessName: "Bandeja de prueba",
  email: "bandeja@example.com",
  siteUrl: "https://www.tasaciones-madero.example",
  formServiceUrl: "",
};
const ownerEmail = "titular@ejemplo.com";
const password = "una contraseña de benchmark";

/**
 * The whole server of `npm start` on a free loopback port, over `store`, with
 * the owner signed in: what the inbox and results benchmarks request pages
 * from. `cookie` is the owner's session; `inbox` answers the same questions
 * without HTTP (the "query" columns).
 */
export async function startSignedInSite(
  store: Store,
  buildDir: string,
  /** The same database again: the results are then built on a worker thread, as `npm start` does. */
  reportsOffThread?: StorageOptions,
) {
  const auth = new OwnerAuth(store, {
    now: () => new Date(),
    hasFactor: () => store.secondFactors.anyFactor(),
  });
  await auth.setOwner(ownerEmail, password);
  const inbox: InboxService = createInboxService({
    store,
    auth,
    forms: serviceForms(benchSite, installedFormTowers),
    offPlanFormId: benchSite.offPlanFormId,
    retentionMonths: 24,
  });
  const config = loadServiceConfig({ LEADS_RATE_LIMIT: "0" });
  const published = installedSite({ ...loadSiteConfig(process.env).config, ...benchSite });
  const app = await startInboxApp({
    published: () => published,
    buildDir,
    store,
    site: benchSite,
    config,
    retentionMonths: 24,
    reportsOffThread,
  });
  app.retention.stop();
  const server = createSiteServer({
    clientDir: clientDirOf(buildDir),
    policy: readHeaderPolicy(buildDir),
    ...withPaths(
      createLeadApi({
        store,
        forms: serviceForms(benchSite, installedFormTowers),
        config,
        siteUrl: "http://127.0.0.1",
        thankYouUrls: { es: "/gracias", en: "/en/thank-you" },
        published: () => published,
        stylesheets: [],
      }),
    ),
    app: app.handler,
    log: () => {},
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // The owner's first sign-in (decision 0024): the printed code, then the authenticator app.
  const { code } = await issueFirstFactorCode(store.secondFactors, new Date(), printedCodeLifetimeMs, {
    replace: true,
  });
  const login = await inbox.login({
    email: ownerEmail,
    password,
    address: "127.0.0.1",
    deviceToken: undefined,
  });
  if (login.outcome !== "first-factor") throw new Error("the benchmark could not sign in");
  await inbox.secondFactor.verifyFirstFactorCode(login.stepToken, code);
  const secret = (await inbox.secondFactor.firstTotp(login.stepToken))?.secret.replace(/\s/g, "") ?? "";
  const signedIn = await inbox.secondFactor.enrolFirstTotp(
    login.stepToken,
    TOTP.generate({ secret: Secret.fromBase32(secret) }),
  );
  if (signedIn.outcome !== "signed-in") throw new Error("the benchmark could not sign in");
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cookie: `__Host-bandeja-sesion=${signedIn.sessionToken}`,
    inbox,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
