// Timing of static/js/relaychan.js under node (run by bench/relaychan.py, which writes the figures):
// seal + open of one message per size against the floor, one WebCrypto AES-256-GCM encrypt + decrypt
// of the same bytes, interleaved in one run; the link's handshake against one Ed25519 sign + verify.
import { linkKeys, linkMessage, ephemeral, sharedSecret, Sender, Receiver } from "../static/js/relaychan.js";

const ROUNDS = Number(process.argv[2] || 200);
const SIZES = [100, 2000, 16000, 65536];
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const now = () => performance.now();

async function link() {
  const he = await ephemeral(), ge = await ephemeral();
  const t = linkMessage({ room: "ABCDEF", hostKey: "k".repeat(43), hostPeer: "h", guestPeer: "g", hostEph: he.pub, guestEph: ge.pub });
  const hk = await linkKeys(await sharedSecret(he.privateKey, ge.pub), t, { room: "ABCDEF", self: "h", peer: "g" });
  const gk = await linkKeys(await sharedSecret(ge.privateKey, he.pub), t, { room: "ABCDEF", self: "g", peer: "h" });
  return { hk, gk };
}

const out = { rounds: ROUNDS, node: process.version, sizes: [] };
const { hk, gk } = await link();
const raw = await crypto.subtle.importKey("raw", crypto.getRandomValues(new Uint8Array(32)), { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
for (const size of SIZES) {
  const text = "x".repeat(size);
  const tx = new Sender(hk.send, { room: "ABCDEF", self: "h", peer: "g" });
  const rx = new Receiver(gk.receive, { room: "ABCDEF", self: "g", peer: "h" });
  const chan = [], floor = [];
  let frames = 0, chars = 0;
  for (let i = 0; i < ROUNDS; i++) {
    let t0 = now();
    const sealed = await tx.seal(text);
    for (const f of sealed.frames) await rx.open(f);
    chan.push(now() - t0);
    tx.acked(rx.next);
    frames = sealed.frames.length; chars = sealed.frames.reduce((n, f) => n + f.length, 0);
    t0 = now();
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const box = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, raw, new TextEncoder().encode(text));
    new TextDecoder().decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv }, raw, box));
    floor.push(now() - t0);
  }
  out.sizes.push({ size, frames, chars, channel_ms: median(chan), floor_ms: median(floor) });
}
const hs = [], sig = [];
const ed = await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"]);
for (let i = 0; i < Math.max(20, ROUNDS / 10); i++) {
  let t0 = now();
  await link();
  hs.push(now() - t0);
  t0 = now();
  const data = crypto.getRandomValues(new Uint8Array(200));
  const s = await crypto.subtle.sign({ name: "Ed25519" }, ed.privateKey, data);
  await crypto.subtle.verify({ name: "Ed25519" }, ed.publicKey, s, data);
  sig.push(now() - t0);
}
out.handshake_ms = median(hs);
out.ed25519_ms = median(sig);
console.log(JSON.stringify(out));
