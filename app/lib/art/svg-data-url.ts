/** An SVG as a data: URL, percent-encoding only what a URL may not hold (shorter than base64). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${svg.replace(/[\s"%#<>[\\\]^`{|}]/g, encodeURIComponent)}`;
}
