import type { Route } from "./+types/site-preview";
import { requireHost } from "../../features/inbox/host.ts";

/**
 * A page of the owner's last preview, behind the inbox's login (the layout's
 * guard) and with the inbox's headers: never cached, never indexed, never
 * served to a visitor. Only pages the preview changed exist here.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  const path = `/${params["*"] ?? ""}`.replace(/\/+$/, "") || "/";
  if (path.startsWith("/generated/")) {
    const image = await inbox.sitePhotos?.previewImage(path);
    if (!image) throw new Response("No existe esa imagen en la vista previa.", { status: 404 });
    return new Response(new Uint8Array(image.bytes), { headers: { "Content-Type": image.type } });
  }
  const html = await inbox.site?.previewPage(path);
  if (html === undefined) throw new Response("No hay vista previa de esa página.", { status: 404 });
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
