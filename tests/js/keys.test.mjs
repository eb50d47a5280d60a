// Ed25519 verification of static/js/keys.js (`verify`, on the bundled @noble/curves), under node (run by
// tests/unit/test_signatures.py after scripts/build.py has bundled static/vendor/noble.mjs):
// RFC 8032's test vectors, and every forgery a permissive verifier takes with a small-order key or R.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { verify, b64, isHostKey } from "../../static/js/keys.js";
import { ed25519, sha512 } from "../../static/vendor/noble.mjs";

const data = JSON.parse(readFileSync(new URL("./rfc8032_vectors.json", import.meta.url)));
const unhex = (h) => Uint8Array.from((h.match(/../g) || []).map((x) => parseInt(x, 16)));
const cat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
};
const le = (n) => { const out = new Uint8Array(32); for (let i = 0; i < 32; i++) { out[i] = Number(n & 255n); n >>= 8n; } return out; };
const fromLe = (bytes) => bytes.reduceRight((n, b) => (n << 8n) | BigInt(b), 0n);
const { Point } = ed25519;
const L = Point.Fn.ORDER;
const enc = (s) => new TextEncoder().encode(s);
const check = (pub, msg, sig) => verify(b64(pub), b64(msg), b64(sig));
const ZERO32 = new Uint8Array(32);
const SMALL = data.small_order.map(unhex);

test("RFC 8032 section 7.1: the vectors verify, and noble signs them byte for byte", () => {
  assert.equal(data.vectors.length, 4);
  for (const v of data.vectors) {
    const [secret, pub, msg, sig] = [v.secret, v.public, v.message, v.signature].map(unhex);
    assert.equal(b64(ed25519.getPublicKey(secret)), b64(pub), v.name);
    assert.equal(b64(ed25519.sign(msg, secret)), b64(sig), v.name);
    assert.equal(check(pub, msg, sig), true, v.name);
    assert.equal(check(pub, cat(msg, enc("x")), sig), false, v.name);                  // another message
    const flipped = sig.slice(); flipped[63] ^= 1;
    assert.equal(check(pub, msg, flipped), false, v.name);                              // another S
    const otherR = sig.slice(); otherR[0] ^= 1;
    assert.equal(check(pub, msg, otherR), false, v.name);                               // another R
    const s = fromLe(sig.subarray(32));                                                 // S + L: non-canonical S
    assert.equal(check(pub, msg, cat(sig.subarray(0, 32), le(s + L))), false, v.name);
  }
  const [a, b] = data.vectors.map((v) => unhex(v.public));
  assert.equal(check(b, unhex(data.vectors[0].message), unhex(data.vectors[0].signature)), false);   // another key
  assert.notEqual(b64(a), b64(b));
});

test("the 8 small-order points: distinct, all of small order (the whole torsion subgroup)", () => {
  assert.equal(SMALL.length, 8);
  const points = SMALL.map((bytes) => Point.fromBytes(bytes, false));
  assert.ok(points.every((p) => p.isSmallOrder()));
  assert.equal(new Set(points.map((p) => p.toHex())).size, 8);
  assert.ok(points.some((p) => p.is0()));                                               // the identity is one
});

test("the identity key with R = identity and S = 0 is refused (a ZIP-215 verifier takes it for any message)", () => {
  const identity = unhex(data.small_order[0]);
  const sig = cat(identity, ZERO32);
  for (const msg of [enc(""), enc("tapete-seat/v2|ABCDEF|…"), enc("any message at all")]) {
    assert.equal(ed25519.verify(sig, msg, identity), true);        // noble's default (ZIP-215): the forgery is real
    assert.equal(check(identity, msg, sig), false);
  }
});

test("every small-order key is refused, with every small-order R and S = 0 (all forgeries under ZIP-215)", () => {
  let forgeries = 0;
  for (const pub of SMALL) {
    for (const R of SMALL) {
      for (let i = 0; i < 4; i++) {
        const msg = enc(`message ${i}`), sig = cat(R, ZERO32);
        if (ed25519.verify(sig, msg, pub)) forgeries += 1;          // [8](R + kA) = 0: ZIP-215 accepts
        assert.equal(check(pub, msg, sig), false);
      }
    }
  }
  assert.equal(forgeries, 8 * 8 * 4);
});

test("a small-order R is refused even with the real key (noble's strict mode alone would take it)", () => {
  const v = data.vectors[0];
  const secret = unhex(v.secret), pub = unhex(v.public);
  const { scalar } = ed25519.utils.getExtendedPublicKey(secret);
  for (const R of SMALL) {
    for (const msg of [enc(""), enc("hello")]) {
      // S = k·a: then [8]SB = [8]kA = [8](R + kA) for any R of small order (and SB = R + kA for R = identity)
      const k = fromLe(sha512(cat(R, pub, msg))) % L;
      const sig = cat(R, le((k * scalar) % L));
      assert.equal(ed25519.verify(sig, msg, pub, { zip215: false }), true);   // cofactored strict check: passes
      assert.equal(check(pub, msg, sig), false);
    }
  }
});

test("non-canonical encodings (y >= p) of small-order points are refused as keys and as R", () => {
  const v = data.vectors[0];
  const pub = unhex(v.public), sig = unhex(v.signature), msg = unhex(v.message);
  for (const bad of data.non_canonical.map(unhex)) {
    assert.equal(check(bad, msg, cat(bad, ZERO32)), false);
    assert.equal(check(pub, msg, cat(bad, sig.subarray(32))), false);
  }
});

test("anything malformed is false, never an exception", () => {
  const v = data.vectors[0];
  const [pub, msg, sig] = [v.public, v.message, v.signature].map(unhex);
  for (const [p, m, s] of [
    ["", "", ""], [null, null, null], [undefined, b64(msg), b64(sig)], ["!!!", b64(msg), b64(sig)],
    [b64(pub.subarray(1)), b64(msg), b64(sig)], [b64(pub), b64(msg), b64(sig.subarray(1))],
    [b64(cat(pub, pub)), b64(msg), b64(sig)], [b64(pub), "%%%", b64(sig)], [{}, [], 7],
  ]) {
    assert.equal(verify(p, m, s), false, String([p, m, s]));
  }
  assert.equal(verify(b64(pub), b64(msg), b64(sig)), true);
});

test("isHostKey: a link's k that is a small-order or non-canonical point is refused; real keys pass", () => {
  for (const bad of [...SMALL, ...data.non_canonical.map(unhex)]) assert.equal(isHostKey(b64(bad)), false);
  for (const v of data.vectors) assert.equal(isHostKey(b64(unhex(v.public))), true, v.name);
  const pub = unhex(data.vectors[0].public);
  for (const k of ["", null, undefined, 7, {}, "!!!", b64(pub.subarray(1)), b64(cat(pub, pub)), b64(pub) + "="]) {
    assert.equal(isHostKey(k), false, String(k));
  }
  let offCurve = pub.slice(); // a y that is no point's: noble's decoding throws, isHostKey says false
  for (let i = 0; i < 256; i++) {
    offCurve[0] = i;
    try { Point.fromBytes(offCurve, false); } catch { break; }
  }
  assert.throws(() => Point.fromBytes(offCurve, false));
  assert.equal(isHostKey(b64(offCurve)), false);
});
