import { docks, type Dock } from "../content/towers.ts";

/**
 * A schematic plan of Puerto Madero drawn from simple shapes, north up: the
 * city side (Puerto Madero Oeste), the four docks from Dique 4 (north) to
 * Dique 1 (south), Puerto Madero Este, the Reserva Ecológica and the river.
 * It is rendered into the page's HTML at build time (no tiles, no outside
 * host) and marks a dock, never a building: the towers' coordinates are
 * estimates, so a precise pin would claim more than the data knows.
 */

export const mapWidth = 320;
export const mapHeight = 400;

/** A band of the plan; its name runs up the band at `labelX`. */
export type MapArea = { name: string; x: number; width: number; labelX: number; fill: string; text: string };
export type MapDock = {
  dock: Dock;
  x: number;
  y: number;
  width: number;
  height: number;
  highlighted: boolean;
};

const top = 28;
const dockHeight = 76;
const bridge = 12;
const dockX = 112;
const dockWidth = 40;

/** The bands from west to east; the docks lie between Oeste and Este. */
export const mapAreas: readonly MapArea[] = [
  // The dock names take the east half of the city side.
  { name: "Puerto Madero Oeste", x: 0, width: dockX, labelX: 22, fill: "#efe7d8", text: "#4a5b6e" },
  { name: "Puerto Madero Este", x: 152, width: 62, labelX: 187, fill: "#f6f1e8", text: "#4a5b6e" },
  { name: "Reserva Ecológica", x: 214, width: 74, labelX: 255, fill: "#dbe6d0", text: "#3d5a32" },
  { name: "Río de la Plata", x: 288, width: 32, labelX: 308, fill: "#cfe1ee", text: "#1d4f78" },
];

/** The four docks, north (4) at the top, and which one is highlighted. */
export function dockMapShapes(highlight: Dock): MapDock[] {
  return [...docks].reverse().map((dock, index) => ({
    dock,
    x: dockX,
    y: top + index * (dockHeight + bridge),
    width: dockWidth,
    height: dockHeight,
    highlighted: dock === highlight,
  }));
}

type DockMapProps = {
  highlight: Dock;
  /** The accessible name of the drawing, e.g. "Plano de los diques: Dique 2 resaltado". */
  title: string;
};

export function DockMap({ highlight, title }: DockMapProps) {
  const shapes = dockMapShapes(highlight);
  return (
    <svg
      viewBox={`0 0 ${mapWidth} ${mapHeight}`}
      role="img"
      aria-labelledby="mapa-diques-titulo"
      className="block h-auto w-full"
      data-dock-map={highlight}
    >
      <title id="mapa-diques-titulo">{title}</title>
      {/* Land under the docks: the bridges between them. */}
      <rect width={mapWidth} height={mapHeight} fill="#efe7d8" />
      {mapAreas.map((area) => (
        <g key={area.name}>
          <rect x={area.x} y={0} width={area.width} height={mapHeight} fill={area.fill} />
          <text
            transform={`translate(${area.labelX} ${mapHeight / 2}) rotate(-90)`}
            textAnchor="middle"
            fontSize="12"
            fill={area.text}
            letterSpacing="1"
          >
            {area.name.toUpperCase()}
          </text>
        </g>
      ))}
      {shapes.map((shape) => (
        <g key={shape.dock} data-dock={shape.dock} data-highlighted={shape.highlighted || undefined}>
          <rect
            x={shape.x}
            y={shape.y}
            width={shape.width}
            height={shape.height}
            rx="3"
            fill={shape.highlighted ? "#1d6396" : "#9cc7e6"}
            stroke={shape.highlighted ? "#8a6529" : "none"}
            strokeWidth={shape.highlighted ? 4 : 0}
          />
          <text
            x={shape.x - 10}
            y={shape.y + shape.height / 2 + 5}
            textAnchor="end"
            fontSize={shape.highlighted ? 16 : 13}
            fontWeight={shape.highlighted ? 700 : 400}
            fill={shape.highlighted ? "#0c2340" : "#4a5b6e"}
          >
            Dique {shape.dock}
          </text>
        </g>
      ))}
      {/* North arrow. */}
      <g transform="translate(26 34)" fill="#0c2340">
        <path d="M0 -14 L7 6 L0 2 L-7 6 Z" />
        <text y="22" textAnchor="middle" fontSize="12" fontWeight="700">
          N
        </text>
      </g>
    </svg>
  );
}
