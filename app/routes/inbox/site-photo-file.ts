import type { Route } from "./+types/site-photo-file";
import { requireHost } from "../../features/inbox/host.ts";

/**
 * An uploaded photo's master (JPEG, no metadata), by its hash, for the photo
 * page's thumbnails: behind the inbox's login (the layout's guard), so a draft
 * is seen by the owner only until it is published.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  const hash = (params.file ?? "").replace(/\.jpg$/, "");
  const bytes = await inbox.sitePhotos?.photo(hash);
  if (!bytes) throw new Response("No existe esa foto.", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/jpeg", "Content-Length": String(bytes.length) },
  });
}
