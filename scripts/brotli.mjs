// Brotli for scripts/build.py: reads [[source, destination], ...] as JSON on stdin and writes each
// destination as the source compressed by node's zlib (quality 11, window sized to the file), only
// when that is smaller than the source. Node ships brotli; no package needed.
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const jobs = JSON.parse(readFileSync(0, "utf8"));
for (const [src, dst] of jobs) {
  const data = readFileSync(src);
  const packed = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  if (packed.length < data.length) writeFileSync(dst, packed);
}
