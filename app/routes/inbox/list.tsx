import type { Route } from "./+types/list";
import { requireHost } from "../../features/inbox/host.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const host = requireHost(context);
  return { address: host.clientAddress };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  return <p>Bandeja {loaderData.address}</p>;
}
