/* Tapete peer-to-peer transport (ES module, game-agnostic, JSON text only).
 *
 * Wraps Trystero's Nostr strategy (vendored as static/vendor/trystero.mjs): public Nostr relays carry
 * only the WebRTC signalling (encrypted with the room password); game messages travel over the
 * browsers' own encrypted data channels. Loaded on demand (window.tapeteLoadP2P() in index.html), so
 * it costs nothing at boot.
 *
 *   const p2p = await window.tapeteLoadP2P();          // or window.tapeteP2P once loaded
 *   const h = await p2p.open({room: "ABCDEF", secret: "<k>", joinCode?: "305-KMPQ", codeFailures?: 0, relays?, iceServers?, appId?});
 *   h.selfId; h.peers()                                 // our peer id, connected peer ids
 *   h.send(text, peerId | null)                         // null: every peer
 *   h.relayStatus()                                     // {open, total}: signalling relays connected now
 *   h.onMessage((text, peerId) => ...); h.onPeerJoin(id => ...); h.onPeerLeave(id => ...)
 *   h.code                                              // with joinCode (host): codes.js listenForCode
 *   h.close()
 *   await p2p.redeem({code: "305-KMPQ"})                // a guest: the link for a join code (codes.js)
 *   p2p.keys                                            // this browser's signing keys (keys.js)
 *
 * Configuration, later wins: built-in defaults < static/config.json (if present:
 * {"appId": "...", "relays": ["wss://..."], "iceServers": [{urls: "..."}]}) < URL params
 * `relay=<wss url>` (repeatable) and `ice=<stun:/turn: url>` (repeatable, in the query or the
 * fragment; `ice=none` for no ICE servers; TURN credentials as turn:user:pass@host:port, which share
 * links carry in the fragment only) < options passed to open(). A host (`host: true`) drops guest texts
 * over MAX_GUEST_TEXT bytes before they reach Python.
 */
import { getRelaySockets, joinRoom, selfId } from "../vendor/trystero.mjs";
import { listenForCode, redeemCode } from "./codes.js";
import keys from "./keys.js";

export const DEFAULTS = {
  appId: "tapete-cards-v1",
  relays: [
    "wss://relay.damus.io",
    "wss://nos.lol",
    "wss://relay.nostr.band",
    "wss://relay.primal.net",
  ],
  iceServers: [{ urls: "stun:stun.l.google.com:19302" }, { urls: "stun:stun.cloudflare.com:3478" }],
};
const MAX_TEXT = 1 << 20; // neither send nor deliver larger texts (an update is a few KiB)
export const MAX_GUEST_TEXT = 4096; // a host drops larger texts from guests here, before Python (an intent is ~100 bytes)
const encoder = new TextEncoder();
const tooLong = (text, max) => text.length > max || (text.length * 3 > max && encoder.encode(text).length > max);

function parseIce(value) {
  // turn:user:pass@host:port -> {urls: "turn:host:port", username, credential}
  const m = /^(turns?):([^:@]+):([^@]+)@(.+)$/.exec(value);
  if (m) return { urls: `${m[1]}:${m[4]}`, username: decodeURIComponent(m[2]), credential: decodeURIComponent(m[3]) };
  return { urls: value };
}

let fileConfig = null;
async function loadFileConfig() {
  if (fileConfig) return fileConfig;
  fileConfig = {};
  try {
    const res = await fetch(new URL("../config.json", import.meta.url), { cache: "no-cache" });
    if (res.ok) fileConfig = await res.json();
  } catch (_) {
    /* no config.json: defaults */
  }
  return fileConfig;
}

export async function config(overrides = {}) {
  const file = await loadFileConfig();
  const params = new URLSearchParams(location.search);
  const out = { ...DEFAULTS };
  if (typeof file.appId === "string") out.appId = file.appId;
  if (Array.isArray(file.relays) && file.relays.length) out.relays = file.relays;
  if (Array.isArray(file.iceServers)) out.iceServers = file.iceServers;
  const hash = new URLSearchParams(location.hash.slice(1)); // a share link's credentials (never sent to a server)
  const relays = [...params.getAll("relay"), ...hash.getAll("relay")].filter(Boolean);
  if (relays.length) out.relays = relays;
  const ice = [...params.getAll("ice"), ...hash.getAll("ice")].filter(Boolean);
  if (ice.length) out.iceServers = ice.includes("none") ? [] : ice.map(parseIce);
  for (const key of ["appId", "relays", "iceServers"]) if (overrides[key] != null) out[key] = overrides[key];
  return out;
}

/** The Trystero password: the per-room secret from the link (the host's public key). */
export function password(room, secret) {
  return `k:${secret}`;
}

/** Open a room: the Trystero room of the link (its secret is the signalling password). A host
 * (`host: true`) hears only guests, whose texts are small (MAX_GUEST_TEXT); a host that passes
 * `joinCode` also answers that code in its public nameplate room (codes.js), handing the link to
 * guests that prove the code (`codeFailures`: wrong tries already counted, from a reloaded host's save). */
export async function open({ room, secret = "", joinCode = "", codeFailures = 0, host = false, relays, iceServers, appId } = {}) {
  const maxIncoming = host ? MAX_GUEST_TEXT : MAX_TEXT;
  let dropped = 0;
  if (!/^[A-Z]{6}$/.test(room || "")) throw new Error(`bad room code ${room}`);
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(secret)) throw new Error("a room needs its link's secret");
  const cfg = await config({ relays, iceServers, appId });
  const wanted = [[room, password(room, secret)]];
  const peers = new Map(); // peer id -> the action that reaches it
  const handlers = { message: [], join: [], leave: [] };
  const emit = (kind, ...args) => {
    for (const cb of handlers[kind]) {
      try {
        cb(...args);
      } catch (err) {
        console.error("tapeteP2P handler", err);
      }
    }
  };
  const rooms = wanted.map(([roomId, pass]) => {
    const trRoom = joinRoom(
      { appId: cfg.appId, relayConfig: { urls: cfg.relays }, rtcConfig: { iceServers: cfg.iceServers }, password: pass },
      roomId,
    );
    const action = trRoom.makeAction("tapete");
    action.onMessage = (data, meta) => {
      // JSON text only, at most maxIncoming bytes: anything else is dropped here, before it reaches Python
      if (typeof data === "string" && !tooLong(data, maxIncoming)) emit("message", data, meta && meta.peerId);
      else dropped += 1;
    };
    trRoom.onPeerJoin = (id) => {
      peers.set(id, action);
      emit("join", id);
    };
    trRoom.onPeerLeave = (id) => {
      if (peers.get(id) === action) peers.delete(id);
      emit("leave", id);
    };
    return { trRoom, action };
  });
  const code = joinCode ? listenForCode(cfg, joinCode, { room, k: secret }, codeFailures) : null;
  let closed = false;
  return {
    selfId,
    room,
    config: cfg,
    code,
    peers: () => [...peers.keys()],
    dropped: () => dropped, // texts refused here (too long or not text)
    relayStatus() {
      // the lobby's "room servers" line: how many of this page's relay sockets are open right now
      const sockets = Object.values(getRelaySockets() || {});
      return { open: sockets.filter((s) => s && s.readyState === 1).length, total: cfg.relays.length };
    },
    send(text, peerId = null) {
      if (closed || typeof text !== "string" || text.length > MAX_TEXT) return false;
      const targets = peerId == null ? rooms.map((r) => [r.action, {}]) : [[peers.get(peerId), { target: peerId }]];
      for (const [action, opts] of targets) {
        if (!action) return false;
        action.send(text, opts).catch((err) => console.warn("tapeteP2P send", err));
      }
      return true;
    },
    onMessage: (cb) => handlers.message.push(cb),
    onPeerJoin: (cb) => handlers.join.push(cb),
    onPeerLeave: (cb) => handlers.leave.push(cb),
    close() {
      if (closed) return;
      closed = true;
      peers.clear();
      if (code) code.close();
      return Promise.all(rooms.map((r) => r.trRoom.leave()));
    },
  };
}

/** A guest with a join code: {ok, room, secret, check} or {ok: false, error, left} (codes.js redeemCode). */
export async function redeem({ code, relays, iceServers, appId, timeoutMs } = {}) {
  return redeemCode(await config({ relays, iceServers, appId }), code, timeoutMs ? { timeoutMs } : {});
}

const api = { open, redeem, config, password, DEFAULTS, selfId, keys };
window.tapeteP2P = api;
export default api;
