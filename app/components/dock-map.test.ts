import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";

import { docks } from "../content/towers.ts";
import { DockMap, dockMapShapes, mapAreas, mapHeight, mapWidth } from "./dock-map.tsx";

describe("the dock map", () => {
  test.each(docks)("draws the four docks, north to south, with Dique %i highlighted", (highlight) => {
    const shapes = dockMapShapes(highlight);
    expect(shapes.map((shape) => shape.dock)).toEqual([4, 3, 2, 1]);
    expect(shapes.filter((shape) => shape.highlighted).map((shape) => shape.dock)).toEqual([highlight]);
    // North is up: each dock lies below the one before, without overlapping, inside the drawing.
    for (const [index, shape] of shapes.entries()) {
      if (index > 0) expect(shape.y).toBeGreaterThan(shapes[index - 1]!.y + shapes[index - 1]!.height);
      expect(shape.y + shape.height).toBeLessThanOrEqual(mapHeight);
    }
  });

  test("puts the docks between Puerto Madero Oeste and Este, with the reserve and the river to the east", () => {
    const [dock] = dockMapShapes(1);
    const area = (name: string) => mapAreas.find((candidate) => candidate.name === name)!;
    expect(area("Puerto Madero Oeste").x + area("Puerto Madero Oeste").width).toBeLessThanOrEqual(dock!.x);
    expect(area("Puerto Madero Este").x).toBeGreaterThanOrEqual(dock!.x + dock!.width);
    expect(area("Reserva Ecológica").x).toBeGreaterThan(area("Puerto Madero Este").x);
    expect(area("Río de la Plata").x + area("Río de la Plata").width).toBe(mapWidth);
  });

  test("renders as a titled image, marking only the highlighted dock, with no pin and no outside reference", () => {
    const html = renderToStaticMarkup(createElement(DockMap, { highlight: 3, title: "Plano: Dique 3" }));
    expect(html).toMatch(/^<svg[^>]*role="img"[^>]*aria-labelledby="mapa-diques-titulo"/);
    expect(html).toContain('<title id="mapa-diques-titulo">Plano: Dique 3</title>');
    expect(html.match(/data-highlighted="true"/g)).toHaveLength(1);
    expect(html).toMatch(/<g data-dock="3" data-highlighted="true">/);
    for (const dock of [1, 2, 4]) expect(html).toContain(`<g data-dock="${dock}">`);
    expect(html).not.toMatch(/href|<image|url\(/);
  });
});
