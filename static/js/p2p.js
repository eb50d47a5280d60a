/* Tapete peer-to-peer transport (ES module, game-agnostic, JSON text only).
 *
 * Wraps Trystero's Nostr strategy (vendored as static/vendor/trystero.mjs): public Nostr relays carry
 * only the WebRTC signalling (encrypted with the room password); game messages travel over the
 * browsers' own encrypted data channels. Loaded on demand (window.tapeteLoadP2P() in index.html), so
 * it costs nothing at boot.
 *
 *   const p2p = await window.tapeteLoadP2P();          // or window.tapeteP2P once loaded
 *   const h = await p2p.open({room: "ABCDEF", secret: "<k>" | "", acceptCode?, relays?, iceServers?, appId?});
 *   h.selfId; h.peers()                                 // our peer id, connected peer ids
 *   h.send(text, peerId | null)                         // null: every peer
 *   h.relayStatus()                                     // {open, total}: signalling relays connected now
 *   h.onMessage((text, peerId) => ...); h.onPeerJoin(id => ...); h.onPeerLeave(id => ...)
 *   h.close()
 *
 * Configuration, later wins: built-in defaults < static/config.json (if present:
 * {"appId": "...", "relays": ["wss://..."], "iceServers": [{urls: "..."}]}) < URL params
 * `relay=<wss url>` (repeatable) and `ice=<stun:/turn: url>` (repeatable; `ice=none` for no ICE
 * servers; TURN credentials as turn:user:pass@host:port) < options passed to open().
 */
import { getRelaySockets, joinRoom, selfId } from "../vendor/trystero.mjs";

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
const MAX_TEXT = 1 << 20; // neither send nor deliver larger texts (guest messages are ~100 bytes)

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
  const relays = params.getAll("relay").filter(Boolean);
  if (relays.length) out.relays = relays;
  const ice = params.getAll("ice").filter(Boolean);
  if (ice.length) out.iceServers = ice.includes("none") ? [] : ice.map(parseIce);
  for (const key of ["appId", "relays", "iceServers"]) if (overrides[key] != null) out[key] = overrides[key];
  return out;
}

/** The Trystero password: the per-room secret from the link, or (bare code) one derived from the code. */
export function password(room, secret) {
  return secret ? `k:${secret}` : `code:${room}`;
}

/** Trystero room ids: the link's room (secret password) and the bare-code room (code-derived password). */
export function roomIds(room) {
  return { link: `${room}`, code: `${room}-code` };
}

/** Open a room. A guest joins one Trystero room: the link's (with `secret`) or the bare code's (without).
 * The host (`acceptCode: true`) joins both, so people may join by link or by typing the code. */
export async function open({ room, secret = "", acceptCode = false, relays, iceServers, appId } = {}) {
  if (!/^[A-Z]{6}$/.test(room || "")) throw new Error(`bad room code ${room}`);
  const cfg = await config({ relays, iceServers, appId });
  const ids = roomIds(room);
  const wanted = [];
  if (secret) wanted.push([ids.link, password(room, secret)]);
  if (!secret || acceptCode) wanted.push([ids.code, password(room, "")]);
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
      // JSON text only, at most MAX_TEXT: anything else is dropped here, before it reaches Python
      if (typeof data === "string" && data.length <= MAX_TEXT) emit("message", data, meta && meta.peerId);
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
  let closed = false;
  return {
    selfId,
    room,
    config: cfg,
    peers: () => [...peers.keys()],
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
      return Promise.all(rooms.map((r) => r.trRoom.leave()));
    },
  };
}

const api = { open, config, password, roomIds, DEFAULTS, selfId };
window.tapeteP2P = api;
export default api;
