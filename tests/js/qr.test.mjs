// The join link's QR code (static/js/qr.js on npm qrcode-generator): the SVG it makes is read back
// with a decoder library (npm jsqr, a dev dependency) to the exact text. Run by tests/unit/test_qr.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import jsQR from "jsqr";
import { qrSvg, qrMatrix, QUIET_ZONE } from "../../static/js/qr.js";

const SCALE = 4;   // pixels per module

/** The SVG's dark modules as RGBA pixels: its viewBox and each `M x,y l1,0 0,1 -1,0 0,-1z` square. */
function rasterize(svg) {
  const box = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  assert.ok(box, "the SVG has a viewBox");
  const size = Number(box[1]);
  const width = size * SCALE;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  const path = /<path d="([^"]*)"/.exec(svg)[1];
  const squares = [...path.matchAll(/M(\d+),(\d+)l1,0 0,1 -1,0 0,-1z/g)];
  assert.equal(path.replace(/M(\d+),(\d+)l1,0 0,1 -1,0 0,-1z/g, "").trim(), "", "only unit squares");
  for (const [, x, y] of squares) {
    for (let dy = 0; dy < SCALE; dy++) {
      for (let dx = 0; dx < SCALE; dx++) {
        const i = ((Number(y) * SCALE + dy) * width + Number(x) * SCALE + dx) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return { pixels, width, size, squares };
}

function decode(svg) {
  const { pixels, width } = rasterize(svg);
  const found = jsQR(pixels, width, width, { inversionAttempts: "dontInvert" });
  assert.ok(found, "jsQR finds a QR code in the SVG");
  return found;
}

const KEY = "Xq3v9bN2kT0pLm8sR4wZ1cY7uE5hG6jD-_aFoQiPtMn";   // 43 base64url characters, as a link's k
const LINKS = [
  `http://127.0.0.1:8000/#room=ABCDEF&k=${KEY}`,
  `https://games.school.example/tapete/?relay=wss%3A%2F%2Frelay.school.example%3A4443%2Fnostr&ice=stun%3Astun.school.example%3A3478#room=QWERTY&k=${KEY}&relay=wss%3A%2F%2Fuser%3Apass%40relay2.school.example%2F&ice=turn%3Ateacher%3Alongpassword123%40turn.school.example%3A3478&watch=1`,
];

test("links, short and with a long fragment, decode to the exact text", () => {
  for (const link of LINKS) {
    const svg = qrSvg(link, "Join link");
    assert.equal(decode(svg).data, link);
  }
  assert.ok(LINKS[1].length > 300);
});

test("the SVG is the library's matrix with a quiet zone of 4 modules, and scales (no fixed size)", () => {
  const link = LINKS[0];
  const matrix = qrMatrix(link);
  const svg = qrSvg(link);
  const { size, squares } = rasterize(svg);
  assert.equal(size, matrix.length + 2 * QUIET_ZONE);
  const dark = new Set(squares.map(([, x, y]) => `${x - QUIET_ZONE},${y - QUIET_ZONE}`));
  matrix.forEach((row, r) => row.forEach((on, c) => assert.equal(dark.has(`${c},${r}`), on)));
  assert.doesNotMatch(svg, /width="\d+px"/);
  assert.match(svg, /^<svg role="img" aria-label="QR code" shape-rendering="crispEdges" /);
});

test("any text goes in as UTF-8 and the label is escaped", () => {
  const text = "Chúpate 2 — ¡DOS! 🃏";
  const found = decode(qrSvg(text));
  assert.deepEqual(Array.from(found.binaryData), Array.from(new TextEncoder().encode(text)));
  const svg = qrSvg("x", '<b onclick="x">Ana & "Beto"</b>');
  assert.ok(!svg.includes("<b") && !svg.includes('"Beto"') && svg.includes("&#60;b onclick=&#34;x&#34;&#62;"));
});

test("a text too long for any QR version is refused, not cut", () => {
  assert.throws(() => qrSvg("x".repeat(4000)));
});
