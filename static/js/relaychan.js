/* The encrypted, authenticated channel a room can use over its Nostr relays (issue 40; NOT WIRED YET:
 * static/js/p2p.js does not use it). See docs/multiplayer.md ("Fallback over the relays (in progress)").
 *
 * One link = one host and one guest (a room is a star: guests talk to the host only). Each side makes a
 * fresh ECDH P-256 key pair for the link (WebCrypto, private half non-extractable), the two public halves
 * are exchanged and each side signs the link's transcript (`linkMessage`) with the Ed25519 key the room
 * already binds it to: the host with the host key (the link's `k`), the guest with its seat key, and
 * checks the other's signature (keys.verify). That is signed ephemeral Diffie-Hellman as in ISO/IEC
 * 9798-3 and TLS 1.3's CertificateVerify: both ephemerals and both identities are under both signatures.
 *
 * Key schedule (RFC 5869 HKDF-SHA-256 on @noble/hashes, as pake.js):
 *   salt = SHA-256(transcript)                       (room, host key, both peer ids, both ephemerals)
 *   key(sender -> receiver) = HKDF(IKM = ECDH x-coordinate, salt,
 *                                  info = lp("tapete-relaychan/v1/key") lp(room) lp(sender) lp(receiver), 32)
 * so each direction has its own AES-256-GCM key (WebCrypto) and a frame reflected back to its sender is
 * refused (other key, other associated data).
 *
 * Frame (one Nostr event's content, base64url without padding):
 *   header = version u8 | seq u32 BE | index u8 | count u8     (7 bytes)
 *   frame  = header | AES-256-GCM(key, nonce, chunk, ad)         (ciphertext + 16-byte tag)
 *   nonce  = 0x00000000 | seq u32 BE | index u8 | 0x000000       (96 bits; unique per key: a sender
 *                                                                 never reuses a seq, a new link has new keys)
 *   ad     = lp("tapete-relaychan/v1/frame") lp(room) lp(sender) lp(receiver) | header
 * lp(x) = u16 BE length | UTF-8 bytes. A message (a text of the room protocol) is split into
 * `count` chunks of at most CHUNK_BYTES; every chunk is sealed on its own under the message's seq.
 *
 *   const tx = new Sender(key, {room, self, peer});  await tx.seal(text) -> {seq, frames: [content, ...]}
 *   tx.resend(seq) / tx.unacked() / tx.acked(next)    (the same bytes again: re-asked gaps, relay switch)
 *   const rx = new Receiver(key, {room, self, peer}); await rx.open(content) -> [texts delivered in order]
 *   rx.missing() -> seqs to re-ask; rx.next -> cumulative ack
 *   const pace = new Pacer(relays, now); pace.next(now) -> {relay} | {wait}; pace.answer(relay, ["OK", id, ok, msg], now)
 * Every refusal is a RelayChanError with a `code` (CODES) and leaves the receiver's state unchanged.
 */
import { sha256, hkdf } from "../vendor/noble.mjs";
import { Bucket } from "./pake.js";

export const VERSION = 1;
// 2048 plaintext bytes per chunk -> 7 + 2048 + 16 = 2071 frame bytes -> 2762 base64url characters of event
// content. The loopback relay of the tests (PyPI nostr-relay 1.14) refuses content over 4096 characters
// (its default max_event_size); strfry's default maxEventSize is 65536 bytes of the whole event, some
// deployments run it at 4096, nostr-rs-relay deployments at 16384. An event's envelope (id, pubkey, sig,
// tags, kind, created_at) adds ~400-600 bytes: 2762 + 600 stays under 4096 on every relay we know of.
export const CHUNK_BYTES = 2048;
export const MAX_CONTENT_CHARS = 2800; // what a frame's content may be at most (checked in the tests)
export const MAX_CHUNKS = 32;
export const MAX_MESSAGE_BYTES = CHUNK_BYTES * MAX_CHUNKS; // 65536 UTF-8 bytes: refused before sending
export const WINDOW = 64; // messages a receiver holds ahead of the next one it awaits (and a sender keeps unacked)
export const MAX_SEQ = 0xffffffff; // then the link needs a new handshake (new keys); never a reused nonce
const HEADER_BYTES = 7;
const TAG_BYTES = 16;
const FRAME_LABEL = "tapete-relaychan/v1/frame";
const KEY_LABEL = "tapete-relaychan/v1/key";
const LINK_LABEL = "tapete-relaychan/v1/link";

export const CODES = ["oversize", "window_full", "exhausted", "malformed", "version", "replay",
  "out_of_window", "forged", "bad_key"];

/** A refused input or send: `code` is one of CODES; nothing was changed. */
export class RelayChanError extends Error {
  constructor(code, detail) {
    super(`relay channel: ${code}${detail ? `: ${detail}` : ""}`);
    this.name = "RelayChanError";
    this.code = code;
  }
}

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** u16 BE length | bytes (a string is taken as UTF-8). */
export function lp(value) {
  const bytes = typeof value === "string" ? utf8.encode(value) : value;
  if (!(bytes instanceof Uint8Array) || bytes.length > 0xffff) throw new RelayChanError("bad_key", "field too long");
  return concat([Uint8Array.of(bytes.length >> 8, bytes.length & 0xff), bytes]);
}

// base64url (RFC 4648 section 5) without padding, by table: node's btoa/atob cost ~0.8 ms per 2 KiB frame here.
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

const CODE = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
const ascii = new TextDecoder("ascii");

export function b64u(bytes) {
  const out = new Uint8Array(Math.ceil((bytes.length * 4) / 3));
  let i = 0, at = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out[at++] = CODE[n >> 18]; out[at++] = CODE[(n >> 12) & 63]; out[at++] = CODE[(n >> 6) & 63]; out[at++] = CODE[n & 63];
  }
  if (bytes.length - i === 1) {
    out[at++] = CODE[bytes[i] >> 2]; out[at++] = CODE[(bytes[i] & 3) << 4];
  } else if (bytes.length - i === 2) {
    const n = (bytes[i] << 8) | bytes[i + 1];
    out[at++] = CODE[n >> 10]; out[at++] = CODE[(n >> 4) & 63]; out[at++] = CODE[(n & 15) << 2];
  }
  return ascii.decode(out.subarray(0, at));
}

/** Canonical base64url without padding (unused trailing bits zero), or null. */
export function unb64u(text) {
  if (typeof text !== "string" || text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let acc = 0, bits = 0, at = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? VALUE[c] : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 0xff;
    }
  }
  if (bits && (acc & ((1 << bits) - 1))) return null; // non-canonical: stray bits in the last character
  return out;
}

function ids(ends) {
  const { room, self, peer } = ends || {};
  for (const v of [room, self, peer]) {
    if (typeof v !== "string" || !v || v.length > 256) throw new RelayChanError("bad_key", "room and peer ids");
  }
  if (self === peer) throw new RelayChanError("bad_key", "a link has two ends");
  return { room, self, peer };
}

// --- the link's handshake and key schedule -------------------------------------------------------

/** The bytes both ends sign (host: with the host key; guest: with its seat key), and whose hash is HKDF's salt. */
export function linkMessage({ room, hostKey, hostPeer, guestPeer, hostEph, guestEph }) {
  for (const v of [room, hostKey, hostPeer, guestPeer]) {
    if (typeof v !== "string" || !v) throw new RelayChanError("bad_key", "transcript field");
  }
  for (const e of [hostEph, guestEph]) {
    if (!(e instanceof Uint8Array) || e.length !== 65 || e[0] !== 4) throw new RelayChanError("bad_key", "ephemeral key");
  }
  return concat([lp(LINK_LABEL), lp(room), lp(hostKey), lp(hostPeer), lp(guestPeer), lp(hostEph), lp(guestEph)]);
}

/** A fresh ECDH P-256 pair for one link: {privateKey (non-extractable), pub (65 bytes, uncompressed)}. */
export async function ephemeral() {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  return { privateKey: pair.privateKey, pub: new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)) };
}

/** ECDH(own private, peer's 65-byte public) -> 32 bytes (the x-coordinate). A point off the curve is refused. */
export async function sharedSecret(privateKey, peerPub) {
  let pub;
  try {
    pub = await crypto.subtle.importKey("raw", peerPub, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: pub }, privateKey, 256));
  } catch (err) {
    throw new RelayChanError("bad_key", "peer's ephemeral key");
  }
}

/** HKDF-SHA-256 (RFC 5869) raw: exported for the test vectors. */
export const hkdfSha256 = (ikm, salt, info, length) => hkdf(sha256, ikm, salt, info, length);

/** The 32-byte key for frames from `sender` to `receiver` in `room`. */
export function directionKey(ikm, transcript, room, sender, receiver) {
  if (!(ikm instanceof Uint8Array) || ikm.length < 32) throw new RelayChanError("bad_key", "shared secret");
  const info = concat([lp(KEY_LABEL), lp(room), lp(sender), lp(receiver)]);
  return hkdfSha256(ikm, sha256(transcript), info, 32);
}

const aesKey = (raw) => crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);

/** Both directions' AES-256-GCM keys for this end: {send, receive} (CryptoKeys, non-extractable). */
export async function linkKeys(ikm, transcript, ends) {
  const { room, self, peer } = ids(ends);
  return {
    send: await aesKey(directionKey(ikm, transcript, room, self, peer)),
    receive: await aesKey(directionKey(ikm, transcript, room, peer, self)),
  };
}

// --- frames -----------------------------------------------------------------------------------------

function header(seq, index, count) {
  return Uint8Array.of(VERSION, seq >>> 24, (seq >>> 16) & 0xff, (seq >>> 8) & 0xff, seq & 0xff, index, count);
}

function nonce(seq, index) {
  return Uint8Array.of(0, 0, 0, 0, seq >>> 24, (seq >>> 16) & 0xff, (seq >>> 8) & 0xff, seq & 0xff, index, 0, 0, 0);
}

const associated = (room, sender, receiver, head) =>
  concat([lp(FRAME_LABEL), lp(room), lp(sender), lp(receiver), head]);

/** Seals one end's messages to the other, in order; keeps what is not acknowledged, to send again. */
export class Sender {
  constructor(key, ends) {
    Object.assign(this, ids(ends));
    this.key = key;
    this.next = 0; // seq of the next message
    this.kept = new Map(); // seq -> frames, not yet acknowledged (at most WINDOW)
  }

  /** Text -> {seq, frames}; refused (typed, nothing consumed) when too long, too far ahead of the acks, or out of seqs. */
  async seal(text) {
    if (typeof text !== "string") throw new RelayChanError("malformed", "a message is a text");
    const plain = utf8.encode(text);
    if (plain.length > MAX_MESSAGE_BYTES) {
      throw new RelayChanError("oversize", `${plain.length} bytes > ${MAX_MESSAGE_BYTES}`);
    }
    if (this.kept.size >= WINDOW) throw new RelayChanError("window_full", `${WINDOW} messages unacknowledged`);
    if (this.next > MAX_SEQ) throw new RelayChanError("exhausted", "the link needs new keys");
    const seq = this.next++;
    this.kept.set(seq, null); // its place in the window is taken now: seals that overlap count it
    const count = Math.max(1, Math.ceil(plain.length / CHUNK_BYTES));
    const pending = [];
    for (let index = 0; index < count; index++) {
      const head = header(seq, index, count);
      const chunk = plain.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES);
      pending.push(crypto.subtle.encrypt(
        { name: "AES-GCM", iv: nonce(seq, index), additionalData: associated(this.room, this.self, this.peer, head) },
        this.key, chunk).then((box) => b64u(concat([head, new Uint8Array(box)]))));
    }
    const frames = await Promise.all(pending);
    this.kept.set(seq, frames);
    return { seq, frames };
  }

  /** The same frames again (a gap the receiver re-asks), or null when acknowledged or never sent. */
  resend(seq) {
    return this.kept.get(seq) || null;
  }

  /** Every frame not yet acknowledged, oldest first (after a relay switch or a reconnect). */
  unacked() {
    return [...this.kept.keys()].sort((a, b) => a - b).flatMap((seq) => this.kept.get(seq) || []);
  }

  /** The receiver has every message below `next`: forget them. */
  acked(next) {
    if (!Number.isInteger(next)) return;
    for (const seq of [...this.kept.keys()]) if (seq < next) this.kept.delete(seq);
  }
}

/** Opens the other end's frames: refuses forgeries, replays and frames too far ahead; delivers in order. */
export class Receiver {
  constructor(key, ends) {
    Object.assign(this, ids(ends));
    this.key = key;
    this.next = 0; // every message below it was delivered
    this.partial = new Map(); // seq -> {count, chunks: Array(count), have}
    this.complete = new Map(); // seq -> text, complete but waiting for an earlier one
    this.queue = Promise.resolve(); // one open at a time: each sees the state the previous one left
  }

  /** One event's content -> the texts now deliverable, in order (maybe none). Throws RelayChanError. */
  open(content) {
    const run = this.queue.then(() => this.#open(content));
    this.queue = run.catch(() => {});
    return run;
  }

  async #open(content) {
    if (typeof content !== "string" || content.length > MAX_CONTENT_CHARS) {
      throw new RelayChanError("malformed", "not a frame");
    }
    const frame = unb64u(content);
    if (!frame || frame.length < HEADER_BYTES + TAG_BYTES || frame.length > HEADER_BYTES + CHUNK_BYTES + TAG_BYTES) {
      throw new RelayChanError("malformed", "not a frame");
    }
    if (frame[0] !== VERSION) throw new RelayChanError("version", `version ${frame[0]}`);
    const seq = ((frame[1] << 24) | (frame[2] << 16) | (frame[3] << 8) | frame[4]) >>> 0;
    const index = frame[5], count = frame[6];
    if (count < 1 || count > MAX_CHUNKS || index >= count) throw new RelayChanError("malformed", "chunk index");
    if (seq < this.next) throw new RelayChanError("replay", `message ${seq} was delivered`);
    if (seq >= this.next + WINDOW) throw new RelayChanError("out_of_window", `message ${seq}, awaiting ${this.next}`);
    const held = this.partial.get(seq);
    if (this.complete.has(seq) || (held && held.chunks[index])) {
      throw new RelayChanError("replay", `chunk ${index} of message ${seq} is held`);
    }
    const head = frame.subarray(0, HEADER_BYTES);
    let plain;
    try {
      plain = new Uint8Array(await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: nonce(seq, index), additionalData: associated(this.room, this.peer, this.self, head) },
        this.key, frame.subarray(HEADER_BYTES)));
    } catch {
      throw new RelayChanError("forged", `message ${seq} chunk ${index} does not authenticate`);
    }
    // authentic from here on: only the other end holds this key
    if (held && held.count !== count) throw new RelayChanError("malformed", "chunk count changed");
    if (index < count - 1 && plain.length !== CHUNK_BYTES) throw new RelayChanError("malformed", "short chunk");
    const entry = held || { count, chunks: new Array(count), have: 0 };
    if (entry.have + 1 === count) {
      const parts = [...entry.chunks];
      parts[index] = plain;
      let text;
      try {
        text = strictUtf8.decode(concat(parts));
      } catch {
        throw new RelayChanError("malformed", "not UTF-8");
      }
      this.partial.delete(seq);
      this.complete.set(seq, text);
    } else {
      entry.chunks[index] = plain;
      entry.have += 1;
      this.partial.set(seq, entry);
    }
    const out = [];
    while (this.complete.has(this.next)) {
      out.push(this.complete.get(this.next));
      this.complete.delete(this.next);
      this.next += 1;
    }
    return out;
  }

  /** Messages below the highest one seen that are not complete: the gaps to re-ask, lowest first. */
  missing() {
    const seen = [...this.partial.keys(), ...this.complete.keys()];
    if (!seen.length) return [];
    const top = Math.max(...seen);
    const gaps = [];
    for (let seq = this.next; seq <= top; seq++) if (!this.complete.has(seq)) gaps.push(seq);
    return gaps;
  }
}

// --- pacing over the relays ---------------------------------------------------------------------
// Public relays meter what a connection publishes and answer `["OK", id, false, "rate-limited: …"]` or a
// NOTICE (NIP-01). A room's page keeps to PUBLISH_RATE events a second over every relay together (a token
// bucket on its clock, in seconds), takes the relays in turn, and backs a relay off that refused
// (BACKOFF_FIRST seconds, doubled on each refusal in a row up to BACKOFF_MAX, cleared by an accepted event).
export const PUBLISH_RATE = { burst: 8, perSecond: 4 };
export const BACKOFF_FIRST = 2;
export const BACKOFF_MAX = 64;

export class Pacer {
  constructor(relays, now, rate = PUBLISH_RATE) {
    if (!Array.isArray(relays) || !relays.length || !relays.every((r) => typeof r === "string" && r)) {
      throw new RelayChanError("malformed", "a list of relay urls");
    }
    this.bucket = new Bucket(rate, now);
    this.relays = [...new Set(relays)].map((url) => ({ url, until: -Infinity, backoff: 0 }));
    this.turn = 0;
  }

  /** Where the next event may go at `now`: {relay} (the token is spent) or {wait} (seconds until one may). */
  next(now) {
    const open = this.relays.filter((r) => r.until <= now);
    if (!open.length) return { wait: Math.min(...this.relays.map((r) => r.until)) - now };
    if (!this.bucket.ready(now)) return { wait: (1 - this.bucket.tokens) / this.bucket.perSecond };
    this.bucket.take();
    for (let i = 0; i < this.relays.length; i++) {
      const r = this.relays[(this.turn + i) % this.relays.length];
      if (r.until <= now) {
        this.turn = (this.relays.indexOf(r) + 1) % this.relays.length;
        return { relay: r.url };
      }
    }
    return { wait: 0 }; // not reached: `open` was not empty
  }

  /** A relay's answer to what this page published: "ok", "backoff" (that relay rests), or "ignored". */
  answer(url, message, now) {
    const r = this.relays.find((x) => x.url === url);
    if (!r || !Array.isArray(message)) return "ignored";
    const [kind, , accepted, text] = message;
    const fine = kind === "OK" && (accepted === true || (typeof text === "string" && text.startsWith("duplicate:")));
    if (fine) {
      r.backoff = 0;
      return "ok";
    }
    if (kind !== "NOTICE" && !(kind === "OK" && accepted === false)) return "ignored";
    r.backoff = r.backoff ? Math.min(BACKOFF_MAX, r.backoff * 2) : BACKOFF_FIRST;
    r.until = now + r.backoff;
    return "backoff";
  }
}
