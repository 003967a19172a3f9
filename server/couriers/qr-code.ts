import { renderSVG } from "uqr";

/**
 * A tracking code as a QR code, an SVG drawn on the server (docs/decisions/0035: `uqr`, no dependencies, types of its
 * own, synchronous): the packing slip prints it, and the page downloads no code for it. Medium error correction
 * survives a smudged label; the quiet zone is the slip's margin.
 */
export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: "M", border: 1, pixelSize: 4 });
}
