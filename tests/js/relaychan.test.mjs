// The relay fallback's channel, static/js/relaychan.js, under node (run by tests/unit/test_relaychan.py
// after scripts/build.py has bundled static/vendor/noble.mjs). Not wired into p2p.js yet.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  hkdfSha256, directionKey, linkKeys, linkMessage, ephemeral, sharedSecret, Sender, Receiver, RelayChanError,
  CHUNK_BYTES, MAX_CHUNKS, MAX_MESSAGE_BYTES, MAX_CONTENT_CHARS, WINDOW, b64u, unb64u,
} from "../../static/js/relaychan.js";
import { verify, b64 } from "../../static/js/keys.js";

const vectors = JSON.parse(readFileSync(new URL("./relaychan_vectors.json", import.meta.url)));
const unhex = (h) => Uint8Array.from(h.match(/../g) || [], (x) => parseInt(x, 16));
const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const ROOM = "ABCDEF", HOST = "host-peer-id", GUEST = "guest-peer-id";
const refused = (code) => (err) => err instanceof RelayChanError && err.code === code;

test("HKDF-SHA-256: RFC 5869 appendix A.1, A.2, A.3", () => {
  assert.equal(vectors.rfc5869.length, 3);
  for (const v of vectors.rfc5869) {
    assert.equal(hex(hkdfSha256(unhex(v.ikm), unhex(v.salt), unhex(v.info), v.length)), v.okm, v.case);
  }
});

test("AES-256-GCM (WebCrypto): McGrew-Viega GCM spec test cases 13, 14, 16", async () => {
  for (const v of vectors.gcm_spec) {
    const key = await crypto.subtle.importKey("raw", unhex(v.key), { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    const box = new Uint8Array(await crypto.subtle.encrypt(
      { name: "AES-GCM", iv: unhex(v.iv), additionalData: unhex(v.aad) }, key, unhex(v.plaintext)));
    assert.equal(hex(box), v.ciphertext + v.tag, v.case);
  }
});

// A whole link: both ephemerals, signed transcripts (Ed25519 as the room's keys), both ends' keys.
async function signer() {
  const pair = await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"]);
  const pub = b64(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
  return { pub, sign: async (bytes) => b64(new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, pair.privateKey, bytes))) };
}

async function link() {
  const hostId = await signer(), seat = await signer();
  const he = await ephemeral(), ge = await ephemeral();
  const transcript = linkMessage({ room: ROOM, hostKey: hostId.pub, hostPeer: HOST, guestPeer: GUEST, hostEph: he.pub, guestEph: ge.pub });
  const hostSig = await hostId.sign(transcript), guestSig = await seat.sign(transcript);
  assert.equal(verify(hostId.pub, b64(transcript), hostSig), true);
  assert.equal(verify(seat.pub, b64(transcript), guestSig), true);
  const hostKeys = await linkKeys(await sharedSecret(he.privateKey, ge.pub), transcript, { room: ROOM, self: HOST, peer: GUEST });
  const guestKeys = await linkKeys(await sharedSecret(ge.privateKey, he.pub), transcript, { room: ROOM, self: GUEST, peer: HOST });
  return {
    hostId, seat, he, ge, transcript,
    toGuest: new Sender(hostKeys.send, { room: ROOM, self: HOST, peer: GUEST }),
    guestHears: new Receiver(guestKeys.receive, { room: ROOM, self: GUEST, peer: HOST }),
    toHost: new Sender(guestKeys.send, { room: ROOM, self: GUEST, peer: HOST }),
    hostHears: new Receiver(hostKeys.receive, { room: ROOM, self: HOST, peer: GUEST }),
  };
}

const snapshot = (rx) => JSON.stringify({ next: rx.next, partial: [...rx.partial.entries()].map(([s, e]) => [s, e.count, e.have]),
  complete: [...rx.complete.entries()] });

test("round trip both ways, ECDH on both sides gives one secret, direction keys differ", async () => {
  const l = await link();
  const a = await l.toGuest.seal('{"v":1,"type":"update","seat":1}');
  assert.equal(a.frames.length, 1);
  assert.deepEqual(await l.guestHears.open(a.frames[0]), ['{"v":1,"type":"update","seat":1}']);
  const b = await l.toHost.seal('{"v":1,"type":"intent","action":"play R7"}  ñ ✓');
  assert.deepEqual(await l.hostHears.open(b.frames[0]), ['{"v":1,"type":"intent","action":"play R7"}  ñ ✓']);
  const s1 = await sharedSecret(l.he.privateKey, l.ge.pub), s2 = await sharedSecret(l.ge.privateKey, l.he.pub);
  assert.equal(hex(s1), hex(s2));
  assert.notEqual(hex(directionKey(s1, l.transcript, ROOM, HOST, GUEST)), hex(directionKey(s1, l.transcript, ROOM, GUEST, HOST)));
  // the frame carries neither the text nor the ids
  const wire = Buffer.from(unb64u(a.frames[0])).toString("latin1") + a.frames[0];
  for (const secret of ["update", "seat", ROOM, HOST, GUEST]) assert.ok(!wire.includes(secret), secret);
});

test("a replayed frame is refused and changes nothing", async () => {
  const l = await link();
  const { frames } = await l.toHost.seal("one");
  assert.deepEqual(await l.hostHears.open(frames[0]), ["one"]);
  const before = snapshot(l.hostHears);
  await assert.rejects(l.hostHears.open(frames[0]), refused("replay"));
  assert.equal(snapshot(l.hostHears), before);
  // a replayed chunk of a message still being reassembled too
  const long = await l.toHost.seal("x".repeat(CHUNK_BYTES * 2 + 5));
  assert.deepEqual(await l.hostHears.open(long.frames[0]), []);
  await assert.rejects(l.hostHears.open(long.frames[0]), refused("replay"));
});

test("a modified ciphertext, tag or header, or a frame under another key, is refused as forged and changes nothing", async () => {
  const l = await link();
  const { frames } = await l.toHost.seal("play R7");
  const bytes = unb64u(frames[0]);
  const before = snapshot(l.hostHears);
  for (const at of [7, 10, bytes.length - 1, 6 /* count 1 -> 0 is malformed, see below */]) {
    const bad = Uint8Array.from(bytes);
    bad[at] ^= 1;
    await assert.rejects(l.hostHears.open(b64u(bad)), (e) => e instanceof RelayChanError && ["forged", "malformed"].includes(e.code));
  }
  // header fields are associated data: another seq or index fails the tag
  const seq = Uint8Array.from(bytes); seq[4] = 1;
  await assert.rejects(l.hostHears.open(b64u(seq)), refused("forged"));
  const count = Uint8Array.from(bytes); count[6] = 2;
  await assert.rejects(l.hostHears.open(b64u(count)), refused("forged"));
  // another link's key (another room, or a peer that is not this one) cannot make a frame this end takes
  const other = await link();
  const alien = await other.toHost.seal("play R7");
  await assert.rejects(l.hostHears.open(alien.frames[0]), refused("forged"));
  // the same key but other associated data (another room id) is refused too
  const elsewhere = new Receiver(l.hostHears.key, { room: "ZZZZZZ", self: HOST, peer: GUEST });
  await assert.rejects(elsewhere.open(frames[0]), refused("forged"));
  assert.equal(snapshot(l.hostHears), before);
  assert.deepEqual(await l.hostHears.open(frames[0]), ["play R7"]);
});

test("a peer cannot reflect a message back: the other direction's key and ids refuse it", async () => {
  const l = await link();
  const { frames } = await l.toGuest.seal('{"type":"update"}');
  // the guest sends the host's own frame back to the host
  await assert.rejects(l.hostHears.open(frames[0]), refused("forged"));
  // even a receiver that (wrongly) used the sending key would refuse it: the ids are in the associated data
  const sameKey = new Receiver(l.toGuest.key, { room: ROOM, self: HOST, peer: GUEST });
  await assert.rejects(sameKey.open(frames[0]), refused("forged"));
  assert.deepEqual(await l.guestHears.open(frames[0]), ['{"type":"update"}']);
});

test("reordering within the window is accepted and delivered in order; gaps are reported and recovered by a resend", async () => {
  const l = await link();
  const sent = [];
  for (let i = 0; i < 5; i++) sent.push(await l.toHost.seal(`m${i}`));
  assert.deepEqual(await l.hostHears.open(sent[0].frames[0]), ["m0"]);
  assert.deepEqual(await l.hostHears.open(sent[3].frames[0]), []);
  assert.deepEqual(await l.hostHears.open(sent[2].frames[0]), []);
  assert.deepEqual(l.hostHears.missing(), [1, 4].filter((s) => s < 4)); // 1 dropped; 4 not seen yet
  // the sender still keeps 1 (not acknowledged) and sends the same bytes again
  l.toHost.acked(l.hostHears.next);
  assert.equal(l.toHost.resend(0), null);
  assert.deepEqual(l.toHost.resend(1), sent[1].frames);
  assert.deepEqual(await l.hostHears.open(l.toHost.resend(1)[0]), ["m1", "m2", "m3"]);
  assert.deepEqual(l.hostHears.missing(), []);
  // after a relay switch everything unacknowledged goes again: the delivered part is refused, the rest lands
  l.toHost.acked(2); // an old ack: 2 and 3 still kept
  const again = l.toHost.unacked();
  assert.deepEqual(again, [...sent[2].frames, ...sent[3].frames, ...sent[4].frames]);
  const got = [];
  for (const f of again) {
    try { got.push(...(await l.hostHears.open(f))); } catch (e) { assert.equal(e.code, "replay"); }
  }
  assert.deepEqual(got, ["m4"]);
  assert.equal(l.hostHears.next, 5);
});

test("a frame beyond the window is refused (and a sender never runs past it)", async () => {
  const l = await link();
  const sent = [];
  for (let i = 0; i <= WINDOW; i++) sent.push(await l.toHost.seal(`m${i}`).catch((e) => e));
  // the sender refuses the 65th unacknowledged message, typed, before using a seq
  assert.ok(sent[WINDOW] instanceof RelayChanError && sent[WINDOW].code === "window_full");
  assert.equal(l.toHost.next, WINDOW);
  assert.deepEqual(await l.hostHears.open(sent[WINDOW - 1].frames[0]), []); // the last one the window holds
  // seals that overlap (WebCrypto is asynchronous) cannot run past the window either
  const busy = new Sender(l.toGuest.key, { room: ROOM, self: HOST, peer: GUEST });
  const all = await Promise.allSettled(Array.from({ length: WINDOW + 5 }, (_, i) => busy.seal(`b${i}`)));
  assert.equal(all.filter((r) => r.status === "fulfilled").length, WINDOW);
  assert.ok(all.slice(WINDOW).every((r) => r.status === "rejected" && r.reason.code === "window_full"));
  // a sender that ignores the window (seq 64 while the receiver awaits 0): refused before decryption
  const rogue = new Sender(l.toHost.key, { room: ROOM, self: GUEST, peer: HOST });
  rogue.next = WINDOW;
  const far = await rogue.seal("far");
  const before = snapshot(l.hostHears);
  await assert.rejects(l.hostHears.open(far.frames[0]), refused("out_of_window"));
  assert.equal(snapshot(l.hostHears), before);
  // once 0 is in, 64 is inside the window
  assert.equal((await l.hostHears.open(sent[0].frames[0]))[0], "m0");
  assert.deepEqual(await l.hostHears.open(far.frames[0]), []);
});

test("chunks: a long message is split below the content limit and reassembled in any order", async () => {
  const l = await link();
  const text = Array.from({ length: 3 * CHUNK_BYTES + 100 }, (_, i) => "aé✓"[i % 3]).join("").slice(0, 9000);
  const { frames } = await l.toGuest.seal(text);
  const size = new TextEncoder().encode(text).length;
  assert.equal(frames.length, Math.ceil(size / CHUNK_BYTES));
  for (const f of frames) assert.ok(f.length <= MAX_CONTENT_CHARS, `${f.length} chars`);
  const order = frames.map((_, i) => i).reverse();
  const out = [];
  for (const i of order) out.push(...(await l.guestHears.open(frames[i])));
  assert.deepEqual(out, [text]);
  // a frame of the largest size fits too
  const full = await l.toGuest.seal("z".repeat(MAX_MESSAGE_BYTES));
  assert.equal(full.frames.length, MAX_CHUNKS);
  assert.ok(full.frames.every((f) => f.length <= MAX_CONTENT_CHARS));
  const got = [];
  for (const f of full.frames) got.push(...(await l.guestHears.open(f)));
  assert.deepEqual(got, ["z".repeat(MAX_MESSAGE_BYTES)]);
});

test("a message over the size limit is refused, typed, before anything is sent or a seq used", async () => {
  const l = await link();
  await assert.rejects(l.toHost.seal("x".repeat(MAX_MESSAGE_BYTES + 1)), refused("oversize"));
  await assert.rejects(l.toHost.seal("ñ".repeat(MAX_MESSAGE_BYTES / 2 + 1)), refused("oversize")); // UTF-8 bytes count
  assert.equal(l.toHost.next, 0);
  assert.deepEqual(l.toHost.unacked(), []);
  await assert.rejects(l.toHost.seal({ not: "text" }), refused("malformed"));
});

test("malformed contents are refused, typed, and change nothing", async () => {
  const l = await link();
  const { frames } = await l.toHost.seal("ok");
  const bytes = unb64u(frames[0]);
  const before = snapshot(l.hostHears);
  const cases = ["", "!!!", frames[0] + "=", frames[0].slice(0, -1) + "?", 42, null, "A".repeat(MAX_CONTENT_CHARS + 1),
    b64u(bytes.subarray(0, 20))];
  for (const c of cases) await assert.rejects(l.hostHears.open(c), refused("malformed"));
  const v2 = Uint8Array.from(bytes); v2[0] = 2;
  await assert.rejects(l.hostHears.open(b64u(v2)), refused("version"));
  const idx = Uint8Array.from(bytes); idx[5] = 1; // index 1 of count 1
  await assert.rejects(l.hostHears.open(b64u(idx)), refused("malformed"));
  const many = Uint8Array.from(bytes); many[6] = MAX_CHUNKS + 1;
  await assert.rejects(l.hostHears.open(b64u(many)), refused("malformed"));
  assert.equal(snapshot(l.hostHears), before);
  assert.deepEqual(await l.hostHears.open(frames[0]), ["ok"]);
});

test("the handshake: a relay that swaps in its own ephemeral key fails the signature and gets other keys", async () => {
  const l = await link();
  const mallory = await ephemeral();
  // the host sees Mallory's key instead of the guest's: the guest signed the real transcript, not this one
  const seenByHost = linkMessage({ room: ROOM, hostKey: l.hostId.pub, hostPeer: HOST, guestPeer: GUEST, hostEph: l.he.pub, guestEph: mallory.pub });
  const guestSig = await l.seat.sign(l.transcript);
  assert.equal(verify(l.seat.pub, b64(seenByHost), guestSig), false);
  assert.equal(verify(l.seat.pub, b64(l.transcript), guestSig), true);
  // a signature made for another room or other peer ids does not verify either
  const otherRoom = linkMessage({ room: "ZZZZZZ", hostKey: l.hostId.pub, hostPeer: HOST, guestPeer: GUEST, hostEph: l.he.pub, guestEph: l.ge.pub });
  assert.equal(verify(l.seat.pub, b64(otherRoom), guestSig), false);
  // and Mallory's ECDH with the host's public key is not the link's secret
  const real = await sharedSecret(l.he.privateKey, l.ge.pub);
  assert.notEqual(hex(await sharedSecret(mallory.privateKey, l.he.pub)), hex(real));
  // points off the curve, or of the wrong size, are refused by the import, typed
  await assert.rejects(sharedSecret(l.he.privateKey, new Uint8Array(65).fill(4)), refused("bad_key"));
  assert.throws(() => linkMessage({ room: ROOM, hostKey: "k", hostPeer: HOST, guestPeer: GUEST, hostEph: new Uint8Array(33), guestEph: l.ge.pub }), refused("bad_key"));
});

test("nonces are never reused under a key: every chunk of every message has its own (seq, index)", async () => {
  const l = await link();
  const seen = new Set();
  for (let i = 0; i < 20; i++) {
    const { frames } = await l.toHost.seal("y".repeat((i % 3) * CHUNK_BYTES + 1));
    for (const f of frames) {
      const b = unb64u(f);
      const id = hex(b.subarray(1, 6));
      assert.ok(!seen.has(id), id);
      seen.add(id);
    }
    l.toHost.acked(l.toHost.next);
  }
  // the attack a reused nonce allows: equal keystreams, so c1 ^ c2 = p1 ^ p2 (chunks of one message, and two messages)
  const two = await l.toHost.seal("a".repeat(CHUNK_BYTES) + "b".repeat(CHUNK_BYTES));
  const again = await l.toHost.seal("a".repeat(CHUNK_BYTES) + "b".repeat(CHUNK_BYTES));
  const body = (f) => unb64u(f).subarray(7, 7 + CHUNK_BYTES);
  const xor = (x, y) => hex(x.map((v, i) => v ^ y[i]));
  const pa = new TextEncoder().encode("a".repeat(CHUNK_BYTES)), pb = new TextEncoder().encode("b".repeat(CHUNK_BYTES));
  assert.notEqual(xor(body(two.frames[0]), body(two.frames[1])), xor(pa, pb));
  assert.notEqual(hex(body(two.frames[0])), hex(body(again.frames[0])));
  // a link end with its own id as peer cannot exist
  assert.throws(() => new Sender(l.toHost.key, { room: ROOM, self: HOST, peer: HOST }), refused("bad_key"));
});

test("base64url: RFC 4648 section 5 without padding, as node's Buffer writes it; non-canonical text refused", () => {
  for (let n = 0; n < 200; n++) {
    const bytes = crypto.getRandomValues(new Uint8Array(n));
    const text = b64u(bytes);
    assert.equal(text, Buffer.from(bytes).toString("base64url"));
    assert.deepEqual(unb64u(text), bytes);
  }
  for (const bad of ["A", "AB", "AAB", "AAA=", "AA+A", "AA/A", "AAé", "AAAAA", null, 7]) assert.equal(unb64u(bad), null, String(bad));
  assert.deepEqual(unb64u("AAA"), new Uint8Array(2));
});

test("pacing: a bounded rate over every relay together, relays in turn, backoff on OK false / NOTICE, cleared by an OK", async () => {
  const { Pacer, PUBLISH_RATE, BACKOFF_FIRST, BACKOFF_MAX } = await import("../../static/js/relaychan.js");
  const relays = ["wss://a", "wss://b", "wss://c"];
  const p = new Pacer(relays, 0);
  // the burst goes out at once, spread over the relays in turn; then the page waits for a token
  const burst = [];
  for (let i = 0; i < PUBLISH_RATE.burst; i++) burst.push(p.next(0).relay);
  assert.deepEqual(burst, relays.concat(relays, relays).slice(0, PUBLISH_RATE.burst));
  const wait = p.next(0);
  assert.ok(wait.relay === undefined && wait.wait > 0 && wait.wait <= 1 / PUBLISH_RATE.perSecond + 1e-9);
  // 60 s of asking as fast as it may: no more than burst + rate x time events
  let sent = 0, t = 0;
  for (let n = 0; n < 100000 && t < 60; n++) { const r = p.next(t); if (r.relay) sent++; else t += r.wait; }
  assert.ok(sent <= PUBLISH_RATE.perSecond * 60 + 1, String(sent));
  // a rate-limited answer rests that relay: the others take its turns
  const q = new Pacer(relays, 0, { burst: 100, perSecond: 100 });
  assert.equal(q.answer("wss://b", ["OK", "id", false, "rate-limited: slow down"], 0), "backoff");
  const picks = Array.from({ length: 6 }, () => q.next(0.5).relay);
  assert.ok(!picks.includes("wss://b") && picks.includes("wss://a") && picks.includes("wss://c"));
  assert.ok(Array.from({ length: 3 }, () => q.next(BACKOFF_FIRST).relay).includes("wss://b"));
  // refusals in a row double the rest, up to the cap; a NOTICE counts as one; an OK clears it
  let now = 10;
  const rests = [];
  for (let i = 0; i < 8; i++) {
    q.answer("wss://a", i % 2 ? ["NOTICE", "too many events"] : ["OK", "id", false, "blocked"], now);
    rests.push(q.relays[0].until - now);
  }
  assert.deepEqual(rests, [2, 4, 8, 16, 32, 64, 64, 64].map((x) => Math.min(x, BACKOFF_MAX)));
  assert.equal(q.answer("wss://a", ["OK", "id", true, ""], now), "ok");
  assert.equal(q.answer("wss://a", ["OK", "id", false, "blocked"], now), "backoff");
  assert.equal(q.relays[0].until - now, BACKOFF_FIRST);
  assert.equal(q.answer("wss://a", ["OK", "id", false, "duplicate: have it"], now), "ok"); // NIP-01: already stored
  // every relay resting: the page waits for the first one back, sends nothing
  for (const r of relays) q.answer(r, ["NOTICE", "slow"], 100);
  const rest = q.next(100);
  assert.ok(rest.relay === undefined && rest.wait > 0);
  // answers from elsewhere or of another shape change nothing
  assert.equal(q.answer("wss://evil", ["NOTICE", "x"], 100), "ignored");
  assert.equal(q.answer("wss://a", "NOTICE", 100), "ignored");
  assert.equal(q.answer("wss://a", ["EVENT", "sub", {}], 100), "ignored");
  assert.throws(() => new Pacer([], 0), RelayChanError);
});
