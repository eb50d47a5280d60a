// SPAKE2 (RFC 9382) and the join-code handshake of static/js/pake.js, under node (run by
// tests/unit/test_pake.py after scripts/build.py has bundled static/vendor/noble.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  spake2, transcript, keySchedule, hex, unhex, parseCode, CodeHost, CodeGuest, MAX_FAILURES,
} from "../../static/js/pake.js";

const vectors = JSON.parse(readFileSync(new URL("./rfc9382_vectors.json", import.meta.url)));
const enc = (s) => new TextEncoder().encode(s);
const big = (h) => BigInt("0x" + h);

test("RFC 9382 appendix B: every value of the four P-256 vectors", () => {
  assert.equal(vectors.length, 4);
  for (const v of vectors) {
    const w = big(v.w);
    const a = spake2("A", w, enc(v.A), enc(v.B), new Uint8Array(), big(v.x));
    const b = spake2("B", w, enc(v.A), enc(v.B), new Uint8Array(), big(v.y));
    assert.equal(hex(a.share), v.pA);
    assert.equal(hex(b.share), v.pB);
    const ka = a.finish(b.share);
    const kb = b.finish(a.share);
    assert.equal(hex(ka.K.toBytes(false)), v.K);
    assert.equal(hex(ka.TT), v.TT);
    assert.equal(hex(kb.TT), v.TT);
    assert.equal(hex(ka.Ke), v.Ke);
    assert.equal(hex(ka.Ka), v.Ka);
    assert.equal(hex(ka.KcA), v.KcA);
    assert.equal(hex(ka.KcB), v.KcB);
    assert.equal(hex(ka.cA), v.A_conf);
    assert.equal(hex(ka.cB), v.B_conf);
    assert.equal(hex(kb.cA), v.A_conf);
    assert.equal(hex(kb.cB), v.B_conf);
    // the key schedule alone, from the printed TT
    assert.equal(hex(keySchedule(unhex(v.TT), new Uint8Array()).KcB), v.KcB);
    assert.equal(hex(transcript(enc(v.A), enc(v.B), unhex(v.pA), unhex(v.pB), unhex(v.K), w)), v.TT);
  }
});

test("a different password gives different keys and the confirmations do not match", () => {
  const v = vectors[0];
  const a = spake2("A", big(v.w), enc(v.A), enc(v.B), new Uint8Array(), big(v.x));
  const b = spake2("B", big(v.w) + 1n, enc(v.A), enc(v.B), new Uint8Array(), big(v.y));
  const ka = a.finish(b.share), kb = b.finish(a.share);
  assert.notEqual(hex(ka.Ke), hex(kb.Ke));
  assert.notEqual(hex(ka.cA), hex(kb.cA));
});

test("shares off the curve or the identity are refused", () => {
  const a = spake2("A", 5n, enc("a"), enc("b"), new Uint8Array());
  assert.throws(() => a.finish(unhex("04" + "00".repeat(64))));
  assert.throws(() => a.finish(unhex("00")));
  assert.throws(() => a.finish(new Uint8Array(65).fill(7)));
});

test("join codes: nameplate and secret", () => {
  assert.deepEqual(parseCode(" 305-kmpq "), { nameplate: "305", secret: "KMPQ" });
  assert.deepEqual(parseCode("305 KMPQ"), { nameplate: "305", secret: "KMPQ" });
  for (const bad of ["", "305-KMP", "305-KMPQR", "05-KMPQ", "305-KMPO", "305-KMP1", "ABCDEF"]) assert.equal(parseCode(bad), null, bad);
});

async function run(host, guest, guestPeer = "guest1", hostPeer = "host") {
  let msg = guest.hello(hostPeer);
  for (let i = 0; i < 4; i++) {
    const answer = await host.handle(guestPeer, msg);
    if (!answer.reply) return { hostEvent: answer.event };
    const out = await guest.handle(hostPeer, answer.reply);
    if (out.done || out.error) return { ...out, hostEvent: answer.event, check: out.done && out.done.check, hostCheck: answer.check };
    msg = out.reply;
  }
  throw new Error("handshake did not end");
}

test("right code: the guest gets the payload, both sides the same check number", async () => {
  const payload = { room: "ABCDEF", k: "x".repeat(43) };
  const host = new CodeHost({ nameplate: "305", secret: "KMPQ", selfId: "host", payload });
  const out = await run(host, new CodeGuest({ nameplate: "305", secret: "KMPQ", selfId: "guest1" }));
  assert.deepEqual(out.done.payload, payload);
  assert.match(out.check, /^[0-9]{4}$/);
  assert.equal(out.hostCheck, out.check);
  assert.equal(host.checks.get("guest1"), out.check);
  assert.equal(host.failures, 0);
});

test("wrong codes are refused and counted; the code locks after MAX_FAILURES, even for the right one", async () => {
  const host = new CodeHost({ nameplate: "305", secret: "KMPQ", selfId: "host", payload: { room: "ABCDEF" } });
  for (let i = 1; i <= MAX_FAILURES; i++) {
    const out = await run(host, new CodeGuest({ nameplate: "305", secret: "KMPA", selfId: `g${i}` }), `g${i}`);
    assert.equal(out.hostEvent, "wrong");
    assert.equal(out.error, i < MAX_FAILURES ? "wrong" : "locked");
    assert.equal(out.done, undefined);
    assert.equal(host.failures, i);
  }
  assert.equal(host.locked, true);
  const late = await run(host, new CodeGuest({ nameplate: "305", secret: "KMPQ", selfId: "g9" }), "g9");
  assert.equal(late.error, "locked");
  assert.equal(host.checks.size, 0);
});

test("a host resumed with its saved count of wrong codes keeps counting from it", async () => {
  const host = new CodeHost({ nameplate: "305", secret: "KMPQ", selfId: "host", payload: {}, failures: MAX_FAILURES - 1 });
  assert.equal(host.locked, false);
  const out = await run(host, new CodeGuest({ nameplate: "305", secret: "KMPA", selfId: "g1" }), "g1");
  assert.equal(out.error, "locked");
  assert.equal(host.failures, MAX_FAILURES);
  const full = new CodeHost({ nameplate: "305", secret: "KMPQ", selfId: "host", payload: {}, failures: MAX_FAILURES });
  assert.equal(full.locked, true);
  assert.equal((await run(full, new CodeGuest({ nameplate: "305", secret: "KMPQ", selfId: "g2" }), "g2")).error, "locked");
  for (const junk of [-1, 1.5, "2", null]) assert.equal(new CodeHost({ nameplate: "305", secret: "KMPQ", selfId: "h", payload: {}, failures: junk }).failures, 0);
});

test("the host's answers before the guest confirms carry nothing keyed by the code", async () => {
  // An attacker gets pB only; cB and the box come after a correct cA. A forged cA counts as a failure.
  const host = new CodeHost({ nameplate: "305", secret: "KMPQ", selfId: "host", payload: { room: "ABCDEF" } });
  const guest = new CodeGuest({ nameplate: "305", secret: "ZZZZ", selfId: "evil" });
  const first = await host.handle("evil", guest.hello("host"));
  assert.deepEqual(Object.keys(first.reply).sort(), ["pB", "t"]);
  const second = await host.handle("evil", { t: "pake3", cA: "00".repeat(32) });
  assert.deepEqual(second.reply, { t: "refused", left: MAX_FAILURES - 1 });
  // garbage is dropped without counting
  assert.equal((await host.handle("evil", { t: "pake1", pA: "zz" })).reply, null);
  assert.equal((await host.handle("evil", { t: "pake3", cA: "00" })).reply, null);
  assert.equal(host.failures, 1);
});

test("a guest refuses a peer that cannot prove the code (wrong cB)", async () => {
  const guest = new CodeGuest({ nameplate: "305", secret: "KMPQ", selfId: "g" });
  const fake = new CodeHost({ nameplate: "305", secret: "AAAA", selfId: "h", payload: {} });
  const pake2 = (await fake.handle("g", guest.hello("h"))).reply;
  const pake3 = (await guest.handle("h", pake2)).reply;
  assert.equal(pake3.t, "pake3");
  const out = await guest.handle("h", { t: "pake4", cB: "00".repeat(32), iv: "00".repeat(12), box: "00".repeat(32) });
  assert.equal(out.error, "unproven");
});

test("identities bind the run: a guest answering under another peer id does not confirm", async () => {
  const host = new CodeHost({ nameplate: "305", secret: "KMPQ", selfId: "host", payload: {} });
  const guest = new CodeGuest({ nameplate: "305", secret: "KMPQ", selfId: "someone-else" });
  const out = await run(host, guest, "guest1");
  assert.equal(out.hostEvent, "wrong");
});
