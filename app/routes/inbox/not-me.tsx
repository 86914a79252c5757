import { data, Form } from "react-router";

import type { Route } from "./+types/not-me";
import { buttonStyles } from "../../components/button-styles.ts";
import { notMe as copy } from "../../content/es/inbox-security.ts";
import { Notice, Problem } from "../../features/inbox/factor-forms.tsx";
import { requireHost } from "../../features/inbox/host.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { readCookie, sessionCookie } from "../../features/inbox/session.server.ts";
import "../../styles/inbox.css";

/**
 * «No fui yo» (decision 0024): the link of every factor-change e-mail. Opening
 * it changes nothing (mail scanners open links); its one button freezes
 * publishing and factor changes until the owner resolves it in Seguridad with
 * a factor they already had, or the password is reset on the server. No
 * session is needed: whoever holds the owner's mailbox is the one to ask. The
 * inbox's notice of a change posts here too, with the owner's session instead.
 */
export const meta: Route.MetaFunction = () => inboxMeta(copy.title);

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("clave") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { inbox } = requireHost(context);
  const form = await request.formData();
  const change = form.get("cambio");
  let frozen: boolean;
  if (change !== null) {
    // From the inbox's notice of a change (decision 0035): the owner's session instead of the link's secret.
    const session = await inbox.checkSession(readCookie(request, sessionCookie), { touch: false });
    if (session.state !== "valid") return data({ done: false as const }, { status: 401 });
    frozen = await inbox.secondFactor.reportNotMeInInbox(String(change));
  } else {
    frozen = await inbox.secondFactor.reportNotMe(String(form.get("clave") ?? "").slice(0, 200));
  }
  return frozen ? { done: true as const } : data({ done: false as const }, { status: 410 });
}

export default function NotMe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main
      id="contenido"
      tabIndex={-1}
      className="flex min-h-screen items-start justify-center px-4 py-12 outline-none md:items-center"
    >
      <div className="flex w-full max-w-md flex-col gap-6 rounded-xl border border-line bg-white p-6 sm:p-8">
        <h1 className="font-display text-3xl leading-tight font-semibold">{copy.title}</h1>
        {actionData?.done ? (
          <Notice text={copy.done} />
        ) : (
          <>
            <Problem text={actionData && !actionData.done ? copy.unknown : undefined} />
            <p>{copy.lead}</p>
            <Form method="post">
              <input type="hidden" name="clave" value={loaderData.token} />
              <button type="submit" className={`${buttonStyles.primary} w-full`}>
                {copy.submit}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
