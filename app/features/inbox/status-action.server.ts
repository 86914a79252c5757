import { data } from "react-router";

import type { InboxService, LeadStatus } from "./inbox-service.ts";

const settable: readonly LeadStatus[] = ["nuevo", "contactado", "archivado"];

/** The "status" form of a list card or a lead page: one lead, one of the statuses the owner sets. */
export async function changeStatus(form: FormData, inbox: InboxService) {
  const id = String(form.get("id") ?? "");
  const status = String(form.get("status") ?? "") as LeadStatus;
  if (!id || !settable.includes(status)) return data({ ok: false as const }, { status: 400 });
  const changed = await inbox.setStatus([id], status);
  return data({ ok: changed === 1 }, { status: changed === 1 ? 200 : 404 });
}
