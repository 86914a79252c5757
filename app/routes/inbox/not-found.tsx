import { data, Link } from "react-router";

import type { Route } from "./+types/not-found";
import { notFoundInInbox as copy } from "../../content/es/inbox.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { inboxRoot } from "../../features/inbox/paths.ts";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.title, matches);

export function loader() {
  return data(null, { status: 404 });
}

export default function InboxNotFound() {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="font-display text-3xl font-semibold">{copy.title}</h1>
      <Link to={inboxRoot} className="self-start text-water">
        {copy.back}
      </Link>
    </div>
  );
}
