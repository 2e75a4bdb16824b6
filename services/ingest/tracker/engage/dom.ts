/** Building DOM from definition data: text goes in as `textContent`, never as HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text) e.textContent = text;
  return e;
}

const SVG = "http://www.w3.org/2000/svg";
export function svg(tag: string, attrs: Record<string, string | number> = {}, text?: string): SVGElement {
  const e = document.createElementNS(SVG, tag) as SVGElement;
  for (const k in attrs) e.setAttribute(k, String(attrs[k]));
  if (text) e.textContent = text;
  return e;
}

/** A definition's colour, or the fallback when it is not `#rrggbb` (the server checks; the page does not trust). */
export const colour = (value: unknown, fallback: string): string => (typeof value === "string" && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback);

/** Black or white, whichever reads better on `bg` (WCAG relative luminance). */
export function readableOn(bg: string): string {
  const lin = (i: number) => {
    const c = parseInt(bg.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
  return l > 0.179 ? "#000000" : "#ffffff";
}

let counter = 0;
/** Ids unique in the page (labels, descriptions). */
export const uid = (prefix: string) => `tm-${prefix}-${++counter}`;
