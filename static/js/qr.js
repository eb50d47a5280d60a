/**
 * The join link as a QR code (issue 32; docs/classroom.md): an SVG string for a text, made by npm
 * qrcode-generator (pinned in package.json, bundled into static/vendor/qrcode.mjs by
 * scripts/build.py's `qr` step). Nothing here draws a QR code by hand: the library chooses the version,
 * the mask and the error correction blocks; this module only feeds it the text's UTF-8 bytes and
 * labels the picture.
 *
 * Loaded on demand (a lobby that shows the code), never at boot. From Python (Pyodide):
 *
 *     from pyodide.code import run_js
 *     qr = await run_js("import('./static/js/qr.js')")
 *     svg = qr.qrSvg(link, label)          # str: '<svg ... role="img" aria-label="…">…</svg>'
 *
 * The SVG scales to its box (viewBox only, no width/height), black modules on white with the standard
 * quiet zone of 4 modules; `label` becomes its aria-label (escaped here). Decoded back to the exact
 * text by tests/js/qr.test.mjs (jsQR under node) and tests/browser/test_qr.py (a Chromium screenshot).
 */
import { qrcode } from "../vendor/qrcode.mjs";

export const ECC = "M";          // about 15 % of the symbol may be unreadable (glare on a projector, a smudge)
export const QUIET_ZONE = 4;     // modules of white around the symbol (ISO/IEC 18004)

/** The text as a string of bytes (one char per UTF-8 byte): qrcode-generator's byte mode keeps the
 *  low 8 bits of each char, so any text, not only ASCII, reaches the symbol as UTF-8. */
function utf8Bytes(text) {
  return Array.from(new TextEncoder().encode(String(text)), (b) => String.fromCharCode(b)).join("");
}

function make(text, ecc = ECC) {
  const qr = qrcode(0, ecc);        // 0: the smallest version that holds the text
  qr.addData(utf8Bytes(text), "Byte");
  qr.make();                        // throws if the text is too long for any version (~2,300 bytes at M)
  return qr;
}

/** The symbol's modules: rows of booleans (true = dark), without the quiet zone. */
export function qrMatrix(text, ecc = ECC) {
  const qr = make(text, ecc);
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

function escapeAttr(text) {
  return String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** An SVG picture of the QR code of `text`, scalable, labelled `label` for assistive technology. */
export function qrSvg(text, label = "", ecc = ECC) {
  const svg = make(text, ecc).createSvgTag({ cellSize: 1, margin: QUIET_ZONE, scalable: true });
  const attrs = `role="img" aria-label="${escapeAttr(label || "QR code")}" shape-rendering="crispEdges" `;
  return svg.replace("<svg ", `<svg ${attrs}`);
}
