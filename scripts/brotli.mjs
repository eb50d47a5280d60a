// Brotli for scripts/build.py: reads [[source, destination], ...] as JSON on stdin and writes each
// destination as the source compressed by node's zlib (quality 11), only when that is smaller than
// the source. Node ships brotli; no package needed.
//
// Window: 16 MiB (lgwin 24, sized down to the file by the size hint). A file larger than brotli's
// default 4 MiB window is also tried with a 2 MiB window and 64 KiB blocks, and the smaller output is
// kept: for Pyodide 314.0.7's 9.6 MB wasm that is 2.71 MB instead of 2.77 MB (measured 2026-12-04:
// lgwin 20-24 with lgblock 16-24 and auto; q11's block splitting does better on it with the smaller
// window). Any window up to 24 decodes in every browser.
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const BIG = 4 * 2 ** 20;
const compress = (data, extra) =>
  brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      ...extra,
    },
  });

const jobs = JSON.parse(readFileSync(0, "utf8"));
for (const [src, dst] of jobs) {
  const data = readFileSync(src);
  let packed = compress(data, {});
  if (data.length > BIG) {
    const other = compress(data, { [constants.BROTLI_PARAM_LGWIN]: 21, [constants.BROTLI_PARAM_LGBLOCK]: 16 });
    if (other.length < packed.length) packed = other;
  }
  if (packed.length < data.length) writeFileSync(dst, packed);
}
