// SPAKE2 (RFC 9382) and the join-code handshake of static/js/pake.js, under node (run by
// tests/unit/test_pake.py after scripts/build.py has bundled static/vendor/noble.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  spake2, transcript, keySchedule, hex, unhex, parseCode, CodeHost, CodeGuest, MAX_FAILURES, GUEST_TRIES,
  PAKE1_PER_PEER, PAKE1_OVERALL, LETTERS,
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

test("join codes: nameplate and secret (five letters; four still read)", () => {
  assert.deepEqual(parseCode(" 305-kmpqr "), { nameplate: "305", secret: "KMPQR" });
  assert.deepEqual(parseCode("305 KMPQR"), { nameplate: "305", secret: "KMPQR" });
  assert.deepEqual(parseCode("305-KMPQ"), { nameplate: "305", secret: "KMPQ" }); // a code from before
  for (const bad of ["", "305-KMP", "305-KMPQRS", "05-KMPQR", "305-KMPQO", "305-KMPQ1", "ABCDEF", "٣٠٥-KMPQR"]) {
    assert.equal(parseCode(bad), null, bad);
  }
});

const CODE = { nameplate: "305", secret: "KMPQR" };
const PAYLOAD = { room: "ABCDEF", k: "x".repeat(43) };

/** One guest against one host, message by message: the guest's result and the host's last event. */
async function run(host, guest, guestPeer = "guest1", hostPeer = "host") {
  let answer = await host.handle(guestPeer, guest.hello(hostPeer));
  let hostEvent = answer.event;
  let hostCheck = answer.check;
  for (let i = 0; i < 4 && answer.reply; i++) {
    let out = await guest.handle(hostPeer, answer.reply);
    if (out.idle) out = guest.settle(); // nothing in flight and nobody else in the room: over
    if (out.result) return { ...out.result, hostEvent, hostCheck };
    if (!out.send) break;
    answer = await host.handle(guestPeer, out.send[1]);
    hostEvent = answer.event;
    hostCheck = answer.check;
  }
  return { hostEvent, result: null };
}

test("right code: the guest gets the payload, both sides the same check number", async () => {
  const host = new CodeHost({ ...CODE, selfId: "host", payload: PAYLOAD });
  const out = await run(host, new CodeGuest({ ...CODE, selfId: "guest1" }));
  assert.equal(out.ok, true);
  assert.deepEqual(out.payload, PAYLOAD);
  assert.match(out.check, /^[0-9]{4}$/);
  assert.equal(out.hostCheck, out.check);
  assert.equal(out.failed, 0);
  assert.equal(host.checks.get("guest1"), out.check);
  assert.equal(host.failures, 0);
});

test("wrong codes are refused and counted; the code locks after MAX_FAILURES, even for the right one", async () => {
  const host = new CodeHost({ ...CODE, selfId: "host", payload: PAYLOAD });
  for (let i = 1; i <= MAX_FAILURES; i++) {
    const out = await run(host, new CodeGuest({ nameplate: "305", secret: "KMPQA", selfId: `g${i}` }), `g${i}`);
    assert.equal(out.hostEvent, "wrong");
    assert.equal(out.ok, false);
    assert.equal(out.error, i < MAX_FAILURES ? "refused" : "locked");
    assert.equal(out.left, i < MAX_FAILURES ? MAX_FAILURES - i : null);
    assert.equal(out.failed, 1); // the guest shows its failed try
    assert.equal(host.failures, i);
  }
  assert.equal(host.locked, true);
  const late = await run(host, new CodeGuest({ ...CODE, selfId: "g9" }), "g9");
  assert.equal(late.error, "locked");
  assert.equal(late.failed, 0); // it never confirmed: the lock came before any try
  assert.equal(host.checks.size, 0);
});

test("a host resumed with its saved count of wrong codes keeps counting from it", async () => {
  const host = new CodeHost({ ...CODE, selfId: "host", payload: {}, failures: MAX_FAILURES - 1 });
  assert.equal(host.locked, false);
  const out = await run(host, new CodeGuest({ nameplate: "305", secret: "KMPQA", selfId: "g1" }), "g1");
  assert.equal(out.error, "locked");
  assert.equal(host.failures, MAX_FAILURES);
  const full = new CodeHost({ ...CODE, selfId: "host", payload: {}, failures: MAX_FAILURES });
  assert.equal(full.locked, true);
  assert.equal((await run(full, new CodeGuest({ ...CODE, selfId: "g2" }), "g2")).error, "locked");
  for (const junk of [-1, 1.5, "2", null]) assert.equal(new CodeHost({ ...CODE, selfId: "h", payload: {}, failures: junk }).failures, 0);
});

test("the host's answers before the guest confirms carry nothing keyed by the code", async () => {
  // An attacker gets pB only; cB and the box come after a correct cA. A forged cA counts as a failure.
  const host = new CodeHost({ ...CODE, selfId: "host", payload: PAYLOAD });
  const guest = new CodeGuest({ nameplate: "305", secret: "ZZZZZ", selfId: "evil" });
  const hello = guest.hello("host");
  const first = await host.handle("evil", hello);
  assert.deepEqual(Object.keys(first.reply).sort(), ["pA", "pB", "t"]);
  assert.equal(first.reply.pA, hello.pA); // the echo of the guest's own share: nothing new
  const second = await host.handle("evil", { t: "pake3", pA: hello.pA, cA: "00".repeat(32) });
  assert.deepEqual(second.reply, { t: "refused", left: MAX_FAILURES - 1 });
  // garbage is dropped without counting
  assert.equal((await host.handle("evil", { t: "pake1", pA: "zz" })).reply, null);
  assert.equal((await host.handle("evil", { t: "pake1", pA: "04" + "00".repeat(64) })).reply, null);
  assert.equal((await host.handle("evil", { t: "pake3", cA: "00" })).reply, null);
  assert.equal(host.failures, 1);
});

test("a guest refuses a peer that cannot prove the code (wrong cB): a failed try, shown", async () => {
  const guest = new CodeGuest({ ...CODE, selfId: "g" });
  const fake = new CodeHost({ nameplate: "305", secret: "AAAAA", selfId: "h", payload: {} });
  const pake2 = (await fake.handle("g", guest.hello("h"))).reply;
  const sent = await guest.handle("h", pake2);
  assert.equal(sent.send[0], "h");
  assert.equal(sent.send[1].t, "pake3");
  const out = await guest.handle("h", { t: "pake4", cB: "00".repeat(32), iv: "00".repeat(12), box: "00".repeat(32) });
  assert.deepEqual(out.failed, { peer: "h", why: "unproven", left: null });
  assert.equal(out.idle, true); // (a peer may still join: the page waits a little)
  assert.deepEqual(guest.settle().result, { ok: false, error: "unproven", left: null, failed: 1 });
});

test("identities bind the run: a guest answering under another peer id does not confirm", async () => {
  const host = new CodeHost({ ...CODE, selfId: "host", payload: {} });
  const guest = new CodeGuest({ ...CODE, selfId: "someone-else" });
  const out = await run(host, guest, "guest1");
  assert.equal(out.hostEvent, "wrong");
});

// ----- a nameplate room full of attackers ----------------------------------------------------------
// Each attacker peer is a CodeHost for its own guessed code: it answers pake2 (which it can precompute,
// so it answers before the real host) and, when the guest confirms to it, checks the guest's cA
// against its guess (one guess) and answers with a fake refusal. `attackers[i].failures` is 1 for each
// attacker that received a cA: the guesses the guest gave away.
const guessOf = (i) => [0, 1, 2, 3, 4].map((d) => LETTERS[Math.floor(i / 23 ** d) % 23]).join("");

/** Drive one guest in a room of peers (id -> CodeHost), delivering the peers' pake2 in `order`;
 * `before`: messages peers send the guest before any pake2. Returns what the guest showed and did. */
async function nameplateRoom(guest, peers, order, before = []) {
  const shown = []; // every failed try the guest reported
  let result = null;
  const outbox = []; // [peer, msg] the guest sent after its pake1s
  const take = (out) => {
    assert.ok(guest.confirmed.length <= shown.length + 1, "a second peer confirmed to within one try");
    if (out.failed) shown.push(out.failed);
    if (out.send) outbox.push(out.send);
    if (out.result) result = out.result;
  };
  const answers = new Map();
  for (const [peer, host] of Object.entries(peers)) answers.set(peer, (await host.handle(guest.selfId, guest.hello(peer))).reply);
  for (const [peer, msg] of before) take(await guest.handle(peer, msg));
  for (const peer of order) {
    take(await guest.handle(peer, answers.get(peer)));
    while (outbox.length) { // a peer answers the confirmation before the next pake2 arrives
      const [to, msg] = outbox.shift();
      const reply = (await peers[to].handle(guest.selfId, msg)).reply;
      if (reply) take(await guest.handle(to, reply));
      for (const [from, claim] of before) take(await guest.handle(from, claim)); // and the spam goes on
    }
  }
  if (!result) take(guest.settle()); // (what the page does a little after the last peer joined)
  return { shown, result };
}

test("50 attacker peers answering first get at most one guess per failed try the guest shows", async () => {
  const host = new CodeHost({ ...CODE, selfId: "host", payload: PAYLOAD });
  const peers = { host };
  const attackers = [];
  for (let i = 0; i < 50; i++) {
    attackers.push(new CodeHost({ nameplate: "305", secret: guessOf(i + 1), selfId: `evil${i}`, payload: { room: "EVILXX", k: "e".repeat(43) } }));
    peers[`evil${i}`] = attackers[i];
  }
  const guest = new CodeGuest({ ...CODE, selfId: "g" });
  const { shown, result } = await nameplateRoom(guest, peers, [...attackers.map((_, i) => `evil${i}`), "host"]);
  const guessed = attackers.filter((a) => a.failures > 0).length; // attackers that could test a guess
  assert.equal(guest.confirmed.length, GUEST_TRIES);
  assert.equal(guessed, GUEST_TRIES);
  assert.equal(shown.length, GUEST_TRIES);
  assert.ok(guessed <= shown.length);
  assert.deepEqual(result, { ok: false, error: "refused", left: MAX_FAILURES - 1, failed: GUEST_TRIES });
  assert.equal(host.failures, 0); // nothing reached the host's count, and it confirmed nothing
  assert.equal(host.checks.size, 0);
});

test("fake locked and refused from peers that never proved the code do not end a join", async () => {
  const host = new CodeHost({ ...CODE, selfId: "host", payload: PAYLOAD });
  const liar = new CodeHost({ nameplate: "305", secret: "AAAAA", selfId: "liar", payload: {} });
  const peers = { host, liar };
  const spam = [];
  for (let i = 0; i < 50; i++) {
    peers[`evil${i}`] = new CodeHost({ nameplate: "305", secret: guessOf(i + 1), selfId: `evil${i}`, payload: {} });
    spam.push([`evil${i}`, i % 2 ? { t: "locked" } : { t: "refused", left: 0 }]);
  }
  // 50 peers say "locked"/"refused" before anyone answers and after every step; none of them is
  // confirmed to, so the host's answer still comes through: joined, nothing given away to them.
  const guest = new CodeGuest({ ...CODE, selfId: "g" });
  const quiet = await nameplateRoom(guest, peers, ["host"], spam);
  assert.equal(quiet.result.ok, true);
  assert.deepEqual(quiet.result.payload, PAYLOAD);
  assert.deepEqual(guest.confirmed, ["host"]);
  assert.equal(quiet.shown.length, 0);
  // One liar answers pake2 before the host, then refuses the guest's confirmation: that try fails and
  // is shown; the next try goes to the host, and the right code joins.
  const second = new CodeGuest({ ...CODE, selfId: "g2" });
  const raced = await nameplateRoom(second, peers, ["liar", "host"], spam);
  assert.equal(raced.result.ok, true);
  assert.equal(raced.result.failed, 1);
  assert.deepEqual(raced.shown.map((f) => [f.peer, f.why]), [["liar", "refused"]]);
  assert.deepEqual(second.confirmed, ["liar", "host"]);
  assert.equal(host.failures, 0);
  // A peer that stays silent after the confirmation, or leaves, fails its try the same way.
  const third = new CodeGuest({ ...CODE, selfId: "g3" });
  const pB = (await liar.handle("g3", third.hello("liar"))).reply;
  const hostPake2 = (await host.handle("g3", third.hello("host"))).reply;
  assert.equal((await third.handle("liar", pB)).send[0], "liar");
  assert.deepEqual(await third.handle("host", hostPake2), {}); // queued: the try with the liar is on
  const timedOut = third.timedOut();
  assert.equal(timedOut.failed.why, "silent");
  assert.equal(timedOut.send[0], "host");
  const done = await third.handle("host", (await host.handle("g3", timedOut.send[1])).reply);
  assert.equal(done.result.ok, true);
  assert.equal(done.result.failed, 1);
});

test("claims alone never end a redeem while a peer is still to answer; then it ends as locked", async () => {
  const guest = new CodeGuest({ ...CODE, selfId: "g" });
  guest.hello("a");
  guest.hello("b");
  assert.deepEqual(await guest.handle("a", { t: "locked" }), { idle: true });
  assert.deepEqual(guest.settle(), {}); // b (maybe the host, its pake1 dropped by a meter) is still silent
  assert.deepEqual(await guest.handle("a", { t: "refused", left: 0 }), { idle: true });
  assert.deepEqual(guest.settle(), {});
  assert.deepEqual(await guest.handle("b", { t: "locked" }), { idle: true });
  assert.deepEqual(guest.settle().result, { ok: false, error: "locked", left: null, failed: 0 });
  assert.equal(guest.confirmed.length, 0);
  const gone = new CodeGuest({ ...CODE, selfId: "g" });
  gone.hello("a");
  assert.deepEqual(gone.giveUp().result, { ok: false, error: "no_host", left: null, failed: 0 });
});

// ----- pake1 metering -------------------------------------------------------------------------------
test("pake1 is metered per peer and overall: a flood is dropped, the real guest still joins", async () => {
  let now = 1000;
  const host = new CodeHost({ ...CODE, selfId: "host", payload: PAYLOAD, now: () => now });
  // Valid shares made once (each costs two scalar multiplications here too); a peer alternating two
  // of them starts a new run each time.
  const shares = [0, 1, 2, 3].map((i) => new CodeGuest({ ...CODE, selfId: `s${i}` }).hello("host"));
  // One peer floods shares other than its pending run's: only its burst gets runs, the rest are
  // dropped (or, repeating the pending pA, answered again for free).
  const events = [];
  for (let i = 0; i < 100; i++) events.push((await host.handle("flood", shares[i % 3])).event);
  const count = (kind) => events.filter((e) => e === kind).length;
  assert.equal(count("started"), PAKE1_PER_PEER.burst);
  assert.equal(host.runs, PAKE1_PER_PEER.burst);
  assert.equal(count("metered"), host.dropped);
  assert.ok(host.dropped >= 60, `${host.dropped} dropped`);
  assert.equal(count("started") + count("metered") + count("resent"), 100);
  const real = await run(host, new CodeGuest({ ...CODE, selfId: "friend" }), "friend");
  assert.equal(real.ok, true);
  // 40 Sybil peers flood for 10 s (each a fresh run every 0.2 s): the runs stay within the overall
  // meter. The friend's pake1 comes in the middle of the last burst and is dropped.
  now += 100;
  const before = host.runs;
  const friend = new CodeGuest({ ...CODE, selfId: "friend2" });
  for (let step = 0; step < 50; step++) {
    now += 0.2;
    for (let i = 0; i < 40; i++) await host.handle(`sybil${i}`, shares[(step + i) % 4]);
  }
  assert.equal((await host.handle("friend2", friend.hello("host"))).event, "metered");
  const runs = host.runs - before;
  assert.ok(runs <= PAKE1_OVERALL.burst + PAKE1_OVERALL.perSecond * 10 + 1, `${runs} runs in 10 s`);
  // Its resend (the same pA) a second later gets a run, a repeat of it the same pake2 again at no
  // cost, and it joins.
  now += 1;
  const answer = await host.handle("friend2", friend.hello("host"));
  assert.equal(answer.event, "started");
  const paid = host.runs;
  const again = await host.handle("friend2", friend.hello("host"));
  assert.equal(again.event, "resent");
  assert.deepEqual(again.reply, answer.reply);
  assert.equal(host.runs, paid);
  const sent = await friend.handle("host", answer.reply);
  const box = await host.handle("friend2", sent.send[1]);
  assert.equal(box.event, "joined");
  assert.equal((await friend.handle("host", box.reply)).result.ok, true);
  assert.equal(host.failures, 0);
});

test("a pake2 or pake3 that arrives late, across a person's retry, costs no try (bound to the guest's pA)", async () => {
  // The guest page keeps its nameplate room between tries: the host's pake2 for the first try can reach
  // the second try's CodeGuest (same page, same peer id). Taken as its answer, the guest confirmed with
  // the wrong keys and the host counted a wrong code.
  const host = new CodeHost({ ...CODE, selfId: "host", payload: PAYLOAD });
  const first = new CodeGuest({ ...CODE, selfId: "guest1" });
  const late2 = (await host.handle("guest1", first.hello("host"))).reply;  // still on its way...
  const retry = new CodeGuest({ ...CODE, selfId: "guest1" });              // ...when the person tries again
  const fresh2 = (await host.handle("guest1", retry.hello("host"))).reply;
  assert.equal(late2.t, "pake2");
  assert.deepEqual(await retry.handle("host", late2), {});                 // not this try's answer: ignored
  assert.deepEqual(retry.confirmed, []);
  const sent = await retry.handle("host", fresh2);
  assert.equal(sent.send[1].t, "pake3");
  const done = await host.handle("guest1", sent.send[1]);
  assert.equal(done.event, "joined");
  assert.equal((await retry.handle("host", done.reply)).result.ok, true);
  assert.equal(host.failures, 0);

  // A first try's pake3 that reaches the host after the retry's pake1 is not taken for the new run.
  const host2 = new CodeHost({ ...CODE, selfId: "host", payload: PAYLOAD });
  const a = new CodeGuest({ ...CODE, selfId: "guest1" });
  const late3 = (await a.handle("host", (await host2.handle("guest1", a.hello("host"))).reply)).send[1];
  const b = new CodeGuest({ ...CODE, selfId: "guest1" });
  const b2 = (await host2.handle("guest1", b.hello("host"))).reply;
  assert.equal((await host2.handle("guest1", late3)).event, "ignored");
  assert.equal(host2.failures, 0);
  const out = await host2.handle("guest1", (await b.handle("host", b2)).send[1]);
  assert.equal(out.event, "joined");
  assert.equal(host2.failures, 0);
});
