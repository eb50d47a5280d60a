/* Short join codes that stay safe: SPAKE2 (RFC 9382) and the code handshake built on it.
 *
 * A join code is `<nameplate>-<secret>`, e.g. `305-KMPQ`: the nameplate (three digits) names a public
 * signalling room that anyone, relays included, may see and enter; the secret (four letters) never
 * leaves the two pages. Guest (party A) and host (party B) run SPAKE2 over the nameplate room with
 * w derived from the whole code; only a peer that knows the code gets the shared key Ke, so what a
 * relay sees does not reveal the code and every guess costs a live attempt, which the host counts
 * and stops answering after MAX_FAILURES. See docs/multiplayer.md ("Codes and links").
 *
 * Ciphersuite SPAKE2-P256-SHA256-HKDF-HMAC of RFC 9382 (M and N from its section 6, key schedule
 * from its section 4), on @noble/curves and @noble/hashes (bundled by scripts/build.py into
 * static/vendor/noble.mjs); checked against the RFC's test vectors in tests/js/pake.test.mjs.
 * The host's payload (the room id and the link secret) travels in AES-256-GCM (WebCrypto) under a
 * key from HKDF(Ke); both pages show a check number from HKDF(Ke) to compare aloud.
 *
 * Flow (JSON over the nameplate room's data channel):
 *   guest -> every peer  {t:"pake1", pA}          (a fresh x per peer)
 *   host  -> guest       {t:"pake2", pB} | {t:"locked"}
 *   guest -> host        {t:"pake3", cA}          (A confirms first: the host learns nothing it could
 *                                                 check a guess against before the guest has committed)
 *   host  -> guest       {t:"pake4", cB, iv, box} | {t:"refused", left} | {t:"locked"}
 */
import { p256, sha256, sha512, hkdf, hmac } from "../vendor/noble.mjs";

const Point = p256.Point;
const ORDER = Point.Fn.ORDER;
export const M = Point.fromHex("02886e2f97ace46e55ba9dd7242579f2993b64e16ef3dcab95afd497333d8fa12f");
export const N = Point.fromHex("03d8bbd6c639c62937b04d997f38c3770719c629d7014d49a24b4f98baa1292b49");
export const MAX_FAILURES = 3;
const MAX_PENDING = 32; // half-done handshakes the host keeps (oldest dropped first)
const text = new TextEncoder();

export const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
export function unhex(str) {
  if (typeof str !== "string" || !/^(?:[0-9a-f]{2})*$/i.test(str)) throw new Error("not hex");
  return Uint8Array.from(str.match(/../g) || [], (h) => parseInt(h, 16));
}
const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const bigOf = (bytes) => BigInt("0x" + (hex(bytes) || "0"));
const bytesOf = (n, size) => unhex(n.toString(16).padStart(size * 2, "0"));
function lenPrefixed(bytes) {
  const len = new Uint8Array(8); // RFC 9382: len() is 8 bytes, little-endian
  new DataView(len.buffer).setBigUint64(0, BigInt(bytes.length), true);
  return concat(len, bytes);
}
function equal(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

// ----- SPAKE2 (RFC 9382) ----------------------------------------------------------------------
/** TT of RFC 9382 section 3.3 (identities as bytes, points uncompressed SEC1, w big-endian to p's length). */
export function transcript(idA, idB, pA, pB, K, w) {
  return concat(...[idA, idB, pA, pB, K, bytesOf(w, 32)].map(lenPrefixed));
}

/** Section 4: Ke || Ka = Hash(TT); KcA || KcB = KDF(Ka, nil, "ConfirmationKeys" || AAD). */
export function keySchedule(TT, aad) {
  const digest = sha256(TT);
  const Ke = digest.slice(0, 16);
  const Ka = digest.slice(16);
  const kc = hkdf(sha256, Ka, undefined, concat(text.encode("ConfirmationKeys"), aad), 32);
  return { Ke, Ka, KcA: kc.slice(0, 16), KcB: kc.slice(16) };
}

function decodePoint(bytes) {
  const point = Point.fromBytes(bytes); // throws for anything not on the curve
  if (point.equals(Point.ZERO)) throw new Error("identity point");
  return point;
}

/** One party's SPAKE2 run. `role` "A" (sends pA = w*M + x*G) or "B" (pB = w*N + y*G); `scalar` is
 * x or y (random unless a test vector gives it). `finish(theirs)` takes the other's share and returns
 * the keys and both confirmation MACs. */
export function spake2(role, w, idA, idB, aad, scalar = bigOf(p256.utils.randomSecretKey())) {
  const [mine, theirs] = role === "A" ? [M, N] : [N, M];
  const share = mine.multiply(w).add(Point.BASE.multiply(scalar)).toBytes(false);
  return {
    share,
    finish(other) {
      const point = decodePoint(other);
      const K = point.subtract(theirs.multiply(w)).multiply(scalar); // cofactor h = 1 on P-256
      if (K.equals(Point.ZERO)) throw new Error("identity key");
      const [pA, pB] = role === "A" ? [share, other] : [other, share];
      const TT = transcript(idA, idB, pA, pB, K.toBytes(false), w);
      const keys = keySchedule(TT, aad);
      return { ...keys, TT, K, cA: hmac(sha256, keys.KcA, TT), cB: hmac(sha256, keys.KcB, TT) };
    },
  };
}

// ----- join codes -----------------------------------------------------------------------------
export const LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"; // as room codes: no I, L, O

/** `305-KMPQ` (any case, spaces or dashes) -> {nameplate: "305", secret: "KMPQ"}, or null. */
export function parseCode(typed) {
  const m = /^([1-9][0-9]{2})([A-Z]{4})$/.exec(String(typed).toUpperCase().replace(/[\s-]/g, ""));
  if (!m || [...m[2]].some((ch) => !LETTERS.includes(ch))) return null;
  return { nameplate: m[1], secret: m[2] };
}

/** w: SHA-512 of the whole code, reduced mod p (64 more bits than p, as the RFC recommends). No
 * memory-hard function: SPAKE2 gives an attacker one guess per live attempt and the host stops after
 * MAX_FAILURES, so there is nothing to grind offline. */
export function passwordScalar(nameplate, secret) {
  return bigOf(sha512(text.encode(`tapete-join-code/v1|${nameplate}|${secret}`))) % ORDER;
}
const aadOf = (nameplate) => text.encode(`tapete-join-code/v1|${nameplate}`);
const idOf = (peer) => text.encode(String(peer));

/** The check number both pages show (four digits, the same in every language). */
export function checkWord(Ke) {
  const bytes = hkdf(sha256, Ke, undefined, text.encode("tapete-check/v1"), 4);
  return String(new DataView(bytes.buffer).getUint32(0) % 10000).padStart(4, "0");
}

async function boxKey(Ke, usage) {
  const raw = hkdf(sha256, Ke, undefined, text.encode("tapete-code-box/v1"), 32);
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, [usage]);
}
const BOX_AAD = text.encode("tapete-code-box/v1");

/** The host's side for one join code: answers every peer's handshake, counts wrong codes, locks. */
export class CodeHost {
  // `failures`: wrong codes already counted for this code (a reloaded host resumes its count from its save)
  constructor({ nameplate, secret, selfId, payload, maxFailures = MAX_FAILURES, failures = 0 }) {
    Object.assign(this, { nameplate, selfId, payload, maxFailures });
    this.w = passwordScalar(nameplate, secret);
    this.pending = new Map(); // peer -> finished keys, waiting for that peer's cA
    this.failures = Number.isInteger(failures) && failures > 0 ? failures : 0;
    this.locked = this.failures >= this.maxFailures;
    this.checks = new Map(); // peer -> check number of a guest that proved the code
  }

  /** A message from `peer` -> the reply to send it (or null), and what happened ("ok", "wrong", ...). */
  async handle(peer, msg) {
    if (!msg || typeof msg !== "object") return { reply: null, event: "ignored" };
    if (this.locked && (msg.t === "pake1" || msg.t === "pake3")) return { reply: { t: "locked" }, event: "locked" };
    try {
      if (msg.t === "pake1") {
        const run = spake2("B", this.w, idOf(peer), idOf(this.selfId), aadOf(this.nameplate));
        const keys = run.finish(unhex(msg.pA));
        this.pending.delete(peer);
        this.pending.set(peer, keys);
        if (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value);
        return { reply: { t: "pake2", pB: hex(run.share) }, event: "started" };
      }
      if (msg.t === "pake3") {
        const keys = this.pending.get(peer);
        if (!keys) return { reply: null, event: "ignored" };
        this.pending.delete(peer);
        if (!equal(unhex(msg.cA), keys.cA)) {
          this.failures += 1;
          this.locked = this.failures >= this.maxFailures;
          const reply = this.locked ? { t: "locked" } : { t: "refused", left: this.maxFailures - this.failures };
          return { reply, event: "wrong" };
        }
        const check = checkWord(keys.Ke);
        this.checks.set(peer, check);
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const key = await boxKey(keys.Ke, "encrypt");
        const box = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: BOX_AAD }, key,
          text.encode(JSON.stringify(this.payload)));
        return { reply: { t: "pake4", cB: hex(keys.cB), iv: hex(iv), box: hex(new Uint8Array(box)) }, event: "joined", check };
      }
    } catch (_) {
      return { reply: null, event: "ignored" }; // malformed share or MAC: dropped, nothing counted
    }
    return { reply: null, event: "ignored" };
  }
}

/** A guest's side: one SPAKE2 run per peer of the nameplate room (only the host answers). */
export class CodeGuest {
  constructor({ nameplate, secret, selfId }) {
    Object.assign(this, { nameplate, selfId });
    this.w = passwordScalar(nameplate, secret);
    this.runs = new Map(); // peer -> {run, keys}
  }

  /** The first message for `peer`. */
  hello(peer) {
    const run = spake2("A", this.w, idOf(this.selfId), idOf(peer), aadOf(this.nameplate));
    this.runs.set(peer, { run, keys: null });
    return { t: "pake1", pA: hex(run.share) };
  }

  /** A message from `peer` -> {reply} to send, {done: {payload, check}}, {error: "wrong"|"locked"|"unproven", left}, or {}. */
  async handle(peer, msg) {
    const state = this.runs.get(peer);
    if (!state || !msg || typeof msg !== "object") return {};
    try {
      if (msg.t === "pake2" && !state.keys) {
        state.keys = state.run.finish(unhex(msg.pB));
        return { reply: { t: "pake3", cA: hex(state.keys.cA) } };
      }
      if (msg.t === "pake4" && state.keys) {
        this.runs.delete(peer);
        if (!equal(unhex(msg.cB), state.keys.cB)) return { error: "unproven" };
        const key = await boxKey(state.keys.Ke, "decrypt");
        const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unhex(msg.iv), additionalData: BOX_AAD },
          key, unhex(msg.box));
        return { done: { payload: JSON.parse(new TextDecoder().decode(plain)), check: checkWord(state.keys.Ke) } };
      }
      if (msg.t === "refused" || msg.t === "locked") {
        this.runs.delete(peer);
        return { error: msg.t === "locked" ? "locked" : "wrong", left: Number.isInteger(msg.left) ? msg.left : null };
      }
    } catch (_) {
      this.runs.delete(peer);
      return { error: "unproven" };
    }
    return {};
  }
}
