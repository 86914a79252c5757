import type { IconComponent } from "../content/types.ts";

/** A decorative icon chosen by the content; the text next to it carries the meaning. */
export function Icon({ icon: Svg, className = "size-6" }: { icon: IconComponent; className?: string }) {
  return <Svg aria-hidden="true" focusable="false" className={className} strokeWidth={1.75} />;
}
