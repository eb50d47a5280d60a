/* Short join codes that stay safe: SPAKE2 (RFC 9382) and the code handshake built on it.
 *
 * A join code is `<nameplate>-<secret>`, e.g. `305-KMPQR`: the nameplate (three digits) names a public
 * signalling room that anyone, relays included, may see and enter; the secret (five letters) never
 * leaves the two pages. Guest (party A) and host (party B) run SPAKE2 over the nameplate room with
 * w derived from the whole code; only a peer that knows the code gets the shared key Ke, so what a
 * relay sees does not reveal the code and every guess costs a live attempt: against the host, which
 * counts it and stops answering after MAX_FAILURES; or, for a peer posing as the host, against a
 * guest, which confirms to one peer per try and shows every failed try. See docs/multiplayer.md
 * ("Codes and links").
 *
 * Ciphersuite SPAKE2-P256-SHA256-HKDF-HMAC of RFC 9382 (M and N from its section 6, key schedule
 * from its section 4), on @noble/curves and @noble/hashes (bundled by scripts/build.py into
 * static/vendor/noble.mjs); checked against the RFC's test vectors in tests/js/pake.test.mjs.
 * The host's payload (the room id and the link secret) travels in AES-256-GCM (WebCrypto) under a
 * key from HKDF(Ke); both pages show a check number from HKDF(Ke) to compare aloud.
 *
 * Flow (JSON over the nameplate room's data channel):
 *   guest -> every peer  {t:"pake1", pA}          (one run per peer; resent with the same pA while unanswered)
 *   host  -> guest       {t:"pake2", pA, pB} | {t:"locked"}   (pake1 metered per peer and overall; pA echoes
 *                                                 the run answered: a guest ignores a pake2 for another pA)
 *   guest -> ONE peer    {t:"pake3", pA, cA}      (a try: the first peer whose pake2 came. A confirms
 *                                                 first: the host gives nothing a guess could be checked
 *                                                 against before the guest has committed)
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
export const SECRET_LENGTH = 5; // new codes (23^5 secrets); four-letter codes of before are still read

/** `305-KMPQR` (any case, spaces or dashes) -> {nameplate: "305", secret: "KMPQR"}, or null. Four
 * letters are read too (a code made before codes had five, kept in a resumed host's save). */
export function parseCode(typed) {
  const m = /^([1-9][0-9]{2})([A-Z]{4,5})$/.exec(String(typed).toUpperCase().replace(/[\s-]/g, ""));
  if (!m || [...m[2]].some((ch) => !LETTERS.includes(ch))) return null;
  return { nameplate: m[1], secret: m[2] };
}

/** w: SHA-512 of the whole code, reduced mod p (64 more bits than p, as the RFC recommends). No
 * memory-hard function: SPAKE2 gives an attacker one guess per live attempt, the host stops after
 * MAX_FAILURES and a guest confirms to one peer per try, so there is nothing to grind offline. */
export function passwordScalar(nameplate, secret) {
  return bigOf(sha512(text.encode(`tapete-join-code/v1|${nameplate}|${secret}`))) % ORDER;
}
const aadOf = (nameplate) => text.encode(`tapete-join-code/v1|${nameplate}`);
const idOf = (peer) => text.encode(String(peer));
const SHARE = /^04[0-9a-f]{128}$/i; // an uncompressed P-256 point, as spake2() sends it

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

// ----- the host: metered runs -------------------------------------------------------------------
// Each new run costs the host two P-256 scalar multiplications (~30 ms of main thread in a browser).
// pake1 is metered per peer and overall (token buckets, on the host's clock in seconds); a pake1 over
// either is dropped unanswered (the guest sends the same pA again a little later, RESEND_MS). A pake1
// that repeats the pA of the peer's half-done run gets the same pake2 again, at no cost.
export const PAKE1_PER_PEER = { burst: 2, perSecond: 0.1 }; // a redeem needs one run per host
export const PAKE1_OVERALL = { burst: 8, perSecond: 4 }; // every peer together: <= ~4 runs (~120 ms) a second
const MAX_METERED_PEERS = 512; // per-peer buckets kept (oldest dropped first)

/** A token bucket: `burst` tokens at most, refilled at `perSecond`. */
export class Bucket {
  constructor({ burst, perSecond }, now) {
    Object.assign(this, { burst, perSecond, tokens: burst, at: now });
  }

  /** Is there a token at `now`? (Takes none.) */
  ready(now) {
    this.tokens = Math.min(this.burst, this.tokens + Math.max(0, now - this.at) * this.perSecond);
    this.at = Math.max(this.at, now);
    return this.tokens >= 1 - 1e-9;
  }

  take() {
    this.tokens -= 1;
  }
}

/** The host's side for one join code: answers handshakes (metered), counts wrong codes, locks. */
export class CodeHost {
  // `failures`: wrong codes already counted for this code (a reloaded host resumes its count from its save);
  // `now`: the clock in seconds (tests drive it); `perPeer`, `overall`: the pake1 meters.
  constructor({ nameplate, secret, selfId, payload, maxFailures = MAX_FAILURES, failures = 0,
    now = () => Date.now() / 1000, perPeer = PAKE1_PER_PEER, overall = PAKE1_OVERALL }) {
    Object.assign(this, { nameplate, selfId, payload, maxFailures, now, perPeer });
    this.w = passwordScalar(nameplate, secret);
    this.pending = new Map(); // peer -> {pA, pake2, keys}: a run waiting for that peer's cA
    this.failures = Number.isInteger(failures) && failures > 0 ? failures : 0;
    this.locked = this.failures >= this.maxFailures;
    this.checks = new Map(); // peer -> check number of a guest that proved the code
    this.meters = new Map(); // peer -> Bucket
    this.overall = new Bucket(overall, now());
    this.runs = 0; // runs started (scalar multiplications paid for)
    this.dropped = 0; // pake1 dropped by the meters
  }

  meterOf(peer, now) {
    let bucket = this.meters.get(peer);
    if (!bucket) {
      bucket = new Bucket(this.perPeer, now);
      this.meters.set(peer, bucket);
      if (this.meters.size > MAX_METERED_PEERS) this.meters.delete(this.meters.keys().next().value);
    }
    return bucket;
  }

  /** A message from `peer` -> the reply to send it (or null), and what happened ("joined", "wrong",
   * "started", "resent", "metered", "locked", "ignored"). */
  async handle(peer, msg) {
    if (!msg || typeof msg !== "object") return { reply: null, event: "ignored" };
    if (this.locked && (msg.t === "pake1" || msg.t === "pake3")) return { reply: { t: "locked" }, event: "locked" };
    try {
      if (msg.t === "pake1") {
        if (typeof msg.pA !== "string" || !SHARE.test(msg.pA)) return { reply: null, event: "ignored" };
        const known = this.pending.get(peer);
        if (known && known.pA === msg.pA) return { reply: known.pake2, event: "resent" };
        const now = this.now();
        const meter = this.meterOf(peer, now);
        if (!meter.ready(now) || !this.overall.ready(now)) {
          this.dropped += 1;
          return { reply: null, event: "metered" };
        }
        meter.take();
        this.overall.take();
        this.runs += 1;
        const run = spake2("B", this.w, idOf(peer), idOf(this.selfId), aadOf(this.nameplate));
        const keys = run.finish(unhex(msg.pA));
        const pake2 = { t: "pake2", pA: msg.pA, pB: hex(run.share) }; // pA: the run it answers (a retry's is another)
        this.pending.delete(peer);
        this.pending.set(peer, { pA: msg.pA, pake2, keys });
        if (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value);
        return { reply: pake2, event: "started" };
      }
      if (msg.t === "pake3") {
        const { keys, pA } = this.pending.get(peer) || {};
        if (!keys || msg.pA !== pA) return { reply: null, event: "ignored" }; // a late pake3 of an older run: no try
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

// ----- the guest: one peer per try --------------------------------------------------------------
// The guest cannot tell the host from anyone else in the public nameplate room before the handshake,
// and its confirmation cA lets whoever receives it test one guessed code. So it sends pake1 to every
// peer (pA hides w perfectly), but confirms to ONE peer per try: the first whose pake2 came. That try
// ends with the box (a peer that proved the code: joined) or fails (a refusal, a wrong cB, silence, the
// peer gone): the failure is counted and shown, and the next try goes to the next peer that answered
// pake2, at most GUEST_TRIES tries per redeem. `locked`/`refused` prove nothing (no key is shared with
// a guest whose code is wrong): from a peer this guest never confirmed to they are ignored (kept only
// to say why nobody let it in); from the peer of the current try they end that try, which had already
// given that peer its one guess. Guesses given away <= failed tries shown.
export const GUEST_TRIES = 3;

export class CodeGuest {
  constructor({ nameplate, secret, selfId, maxTries = GUEST_TRIES }) {
    Object.assign(this, { nameplate, selfId, maxTries });
    this.w = passwordScalar(nameplate, secret);
    this.runs = new Map(); // peer -> {run, pB: hex | null, said: null | "locked" | "refused"}
    this.queue = []; // peers whose pake2 came during a try: the next tries, in order
    this.current = null; // {peer, keys}: the one peer the current try confirmed to
    this.failed = []; // failed tries {peer, why, left}: each gave that peer one guess
    this.claims = []; // "locked"/"refused" from peers never confirmed to (ignored)
    this.confirmed = []; // every peer a cA went to, in order (tests count the guesses given away)
    this.result = null;
  }

  /** pake1 for `peer` (the same pA again if it is resent: the host answers a repeat for free). */
  hello(peer) {
    let state = this.runs.get(peer);
    if (!state) {
      state = { run: spake2("A", this.w, idOf(this.selfId), idOf(peer), aadOf(this.nameplate)), pB: null, said: null };
      this.runs.set(peer, state);
    }
    return { t: "pake1", pA: hex(state.run.share) };
  }

  /** Peers sent a pake1 that have answered nothing (resends go to them). */
  silent() {
    return [...this.runs].filter(([, s]) => !s.pB && !s.said).map(([peer]) => peer);
  }

  /** A message from `peer` -> what to do: `send` [peer, msg] (the pake3 of a new try), `failed`
   * {peer, why, left} (a try just failed: show it), `result` (the redeem is over: {ok: true, payload,
   * check, failed} or {ok: false, error: "refused"|"locked"|"unproven"|"silent"|"gone"|"no_host", left,
   * failed}); {} for nothing. */
  async handle(peer, msg) {
    const state = this.runs.get(peer);
    if (this.result || !state || !msg || typeof msg !== "object") return {};
    if (msg.t === "pake2") {
      if (state.pB || typeof msg.pB !== "string" || !SHARE.test(msg.pB)) return {};
      if (msg.pA !== hex(state.run.share)) return {}; // the answer to another run (an earlier try's): ignored
      state.pB = msg.pB;
      this.queue.push(peer);
      return this.current ? {} : this.next();
    }
    if (!this.current || this.current.peer !== peer) {
      if (msg.t === "locked" || msg.t === "refused") {
        state.said = state.said || msg.t;
        this.claims.push(msg.t);
        return this.idle();
      }
      return {};
    }
    if (msg.t === "pake4") {
      if (this.current.opening) return {}; // one pake4 per try (the try stays on while its box is opened)
      this.current.opening = true;
      const { keys } = this.current;
      try {
        if (!equal(unhex(msg.cB), keys.cB)) return this.fail(peer, "unproven");
        const key = await boxKey(keys.Ke, "decrypt");
        const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unhex(msg.iv), additionalData: BOX_AAD },
          key, unhex(msg.box));
        const payload = JSON.parse(new TextDecoder().decode(plain));
        if (!payload || typeof payload !== "object") return this.fail(peer, "unproven");
        this.current = null;
        this.result = { ok: true, payload, check: checkWord(keys.Ke), failed: this.failed.length };
        return { result: this.result };
      } catch (_) {
        return this.fail(peer, "unproven");
      }
    }
    if (msg.t === "refused" || msg.t === "locked") {
      return this.fail(peer, msg.t, Number.isInteger(msg.left) && msg.left >= 0 ? msg.left : null);
    }
    return {};
  }

  /** The next try: confirm to the next peer whose pake2 came (a share off the curve spends no try). */
  next() {
    while (this.queue.length && this.failed.length < this.maxTries && !this.result) {
      const peer = this.queue.shift();
      try {
        const keys = this.runs.get(peer).run.finish(unhex(this.runs.get(peer).pB));
        this.current = { peer, keys };
        this.confirmed.push(peer);
        return { send: [peer, { t: "pake3", pA: hex(this.runs.get(peer).run.share), cA: hex(keys.cA) }] };
      } catch (_) {
        // nothing was confirmed to that peer: no guess given, no try spent
      }
    }
    return this.idle();
  }

  fail(peer, why, left = null) {
    if (this.current && this.current.peer === peer) this.current = null;
    const failed = { peer, why, left };
    this.failed.push(failed);
    return { ...this.next(), failed };
  }

  /** Nothing in flight: over if the tries are spent; else {idle: true} (the caller waits a little, then
   * calls settle(): peers may still join, the host among them). Never over on a claim alone. */
  idle() {
    if (this.result || this.current) return {};
    if (this.failed.length >= this.maxTries) return this.end();
    return this.queue.length ? {} : { idle: true };
  }

  end() {
    const last = this.failed[this.failed.length - 1];
    if (last) this.result = { ok: false, error: last.why, left: last.left, failed: this.failed.length };
    else this.result = { ok: false, error: this.claims.includes("locked") ? "locked" : "no_host", left: null, failed: 0 };
    return { result: this.result };
  }

  /** The current try's peer stayed silent too long: that try failed. */
  timedOut() {
    return this.current && !this.result ? this.fail(this.current.peer, "silent") : {};
  }

  /** `peer` left the nameplate room. */
  gone(peer) {
    if (this.result) return {};
    if (this.current && this.current.peer === peer) return this.fail(peer, "gone");
    this.queue = this.queue.filter((p) => p !== peer);
    this.runs.delete(peer);
    return this.idle();
  }

  /** Idle a while (no peer joined meanwhile): after a failed try, stop (peers that never answer, e.g.
   * other guests, keep nobody waiting); before any try, stop only if every peer has answered (with
   * claims: a peer still silent may be the host, whose pake1 the meter dropped: keep resending). */
  settle() {
    if (this.result || this.current || this.queue.length) return {};
    return this.failed.length || !this.silent().length ? this.end() : {};
  }

  /** The redeem's time is up: a try still waiting counts as failed (its peer got a guess). */
  giveUp() {
    if (this.result) return {};
    if (this.current) {
      this.failed.push({ peer: this.current.peer, why: "silent", left: null });
      this.current = null;
    }
    return this.end();
  }
}
