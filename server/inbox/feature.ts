import { inboxPaths } from "#app/features/inbox/paths.ts";
import type { Feature } from "../platform/feature.ts";
import { startInboxApp, type InboxApp } from "./inbox-app.ts";

type InboxOptions = Parameters<typeof startInboxApp>[0];

/**
 * The owner's inbox, registered with the platform (decision 0038): its pages under /bandeja
 * (answered by the React Router handler it gives), the retention and the results' thread as
 * jobs, the sign-in and factor e-mails.
 */
export const inboxFeature: Feature<Omit<InboxOptions, "store" | "jobs">, { inbox: InboxApp }> = {
  name: "Bandeja",
  async start(platform, needs) {
    const inbox = await startInboxApp({ ...needs, store: platform.store, jobs: platform.jobs });
    return {
      inbox,
      jobs: ["Retención", "Resultados"],
      inboxPages: Object.values(inboxPaths).filter((path) => typeof path === "string"),
      emails: ["Código de primer ingreso", "Cambio de factores"],
      close: () => inbox.close(),
    };
  },
};
