import {
  BadgeCheck,
  Building2,
  CalendarCheck,
  ChartColumn,
  ClipboardList,
  Clock,
  Compass,
  FileCheck,
  Gauge,
  Handshake,
  KeyRound,
  Landmark,
  Layers,
  MapPin,
  Percent,
  Ruler,
  Scale,
  Search,
  ShieldCheck,
  Target,
  TrendingUp,
  Wallet,
  type LucideIcon,
} from "lucide-react";

import type { IconName } from "../content/types.ts";

const icons = {
  clock: Clock,
  "file-check": FileCheck,
  "map-pin": MapPin,
  building: Building2,
  "trending-up": TrendingUp,
  "chart-column": ChartColumn,
  "badge-check": BadgeCheck,
  "shield-check": ShieldCheck,
  handshake: Handshake,
  search: Search,
  ruler: Ruler,
  target: Target,
  wallet: Wallet,
  "key-round": KeyRound,
  percent: Percent,
  "calendar-check": CalendarCheck,
  landmark: Landmark,
  scale: Scale,
  compass: Compass,
  "clipboard-list": ClipboardList,
  layers: Layers,
  gauge: Gauge,
} satisfies Record<IconName, LucideIcon>;

/** A decorative icon named by the content; the text next to it carries the meaning. */
export function Icon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  const Svg = icons[name];
  return <Svg aria-hidden="true" focusable="false" className={className} strokeWidth={1.75} />;
}
