/* Join codes over Trystero: the public nameplate room where guests redeem a code for the room's
 * link (static/js/pake.js runs the SPAKE2 handshake; this file only moves its messages).
 *
 * The nameplate room's id and password are public (`np-<nameplate>`, `nameplate:<nameplate>`): a relay
 * or anyone may enter it. What it carries is SPAKE2 shares and MACs; the link (room id and secret)
 * goes only to a guest that proved the code, inside AES-GCM under the session key.
 */
import { joinRoom, selfId } from "../vendor/trystero.mjs";
import { CodeGuest, CodeHost, parseCode } from "./pake.js";

const MAX_TEXT = 2048; // handshake messages are < 400 bytes
const ACTION = "code";

export const nameplateRoom = (nameplate) => ({ id: `np-${nameplate}`, password: `nameplate:${nameplate}` });

function enter(cfg, nameplate) {
  const np = nameplateRoom(nameplate);
  const room = joinRoom(
    { appId: cfg.appId, relayConfig: { urls: cfg.relays }, rtcConfig: { iceServers: cfg.iceServers }, password: np.password },
    np.id,
  );
  return { room, action: room.makeAction(ACTION) };
}

function parse(data) {
  if (typeof data !== "string" || data.length > MAX_TEXT) return null;
  try {
    return JSON.parse(data);
  } catch (_) {
    return null;
  }
}

/** The host: answer handshakes for `code` and hand `payload` ({room, k}) to guests that prove it;
 * `failures` wrong tries are already counted (a reloaded host's save).
 * Returns {state() -> {failures, locked, checks: {peerId: check}}, onEvent(cb({event, peer, check})), close()}. */
export function listenForCode(cfg, code, payload, failures = 0) {
  const parsed = parseCode(code);
  if (!parsed) throw new Error(`bad join code ${code}`);
  const host = new CodeHost({ ...parsed, selfId, payload, failures });
  const { room, action } = enter(cfg, parsed.nameplate);
  const listeners = [];
  action.onMessage = async (data, meta) => {
    const msg = parse(data);
    const peer = meta && meta.peerId;
    if (!msg || !peer) return;
    const out = await host.handle(peer, msg);
    if (out.reply) action.send(JSON.stringify(out.reply), { target: peer }).catch(() => {});
    if (out.event === "wrong" || out.event === "joined") {
      for (const cb of listeners) {
        try {
          cb({ event: out.event, peer, check: out.check || null });
        } catch (err) {
          console.error("tapete code listener", err);
        }
      }
    }
  };
  return {
    state: () => ({ failures: host.failures, locked: host.locked, checks: Object.fromEntries(host.checks) }),
    onEvent: (cb) => listeners.push(cb),
    close: () => room.leave(),
  };
}

// A guest keeps its nameplate room open between tries (a wrong code, then the right one), so the next
// try reaches the host at once; it leaves after a success.
const guestRooms = new Map(); // nameplate -> {room, action, onJoin, onMessage}

function guestRoom(cfg, nameplate) {
  let entry = guestRooms.get(nameplate);
  if (!entry) {
    const { room, action } = enter(cfg, nameplate);
    entry = { room, action, onJoin: null, onMessage: null };
    room.onPeerJoin = (peer) => entry.onJoin && entry.onJoin(peer);
    action.onMessage = (data, meta) => entry.onMessage && entry.onMessage(data, meta);
    guestRooms.set(nameplate, entry);
  }
  return entry;
}

/** A guest: redeem `code` in its nameplate room. Resolves {ok: true, room, secret, check} or
 * {ok: false, error: "bad_code" | "wrong" | "locked" | "unproven" | "no_host", left}. */
export function redeemCode(cfg, code, { timeoutMs = 30000 } = {}) {
  const parsed = parseCode(code);
  if (!parsed) return Promise.resolve({ ok: false, error: "bad_code", left: null });
  const guest = new CodeGuest({ ...parsed, selfId });
  const entry = guestRoom(cfg, parsed.nameplate);
  const { room, action } = entry;
  return new Promise((resolve) => {
    const hosts = new Set(); // peers that answered like a host
    let failure = null;
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      entry.onJoin = entry.onMessage = null;
      if (result.ok) {
        guestRooms.delete(parsed.nameplate);
        room.leave();
      }
      resolve(result);
    };
    const timer = setTimeout(() => finish(failure || { ok: false, error: "no_host", left: null }), timeoutMs);
    const hello = (peer) => action.send(JSON.stringify(guest.hello(peer)), { target: peer }).catch(() => {});
    entry.onJoin = hello;
    entry.onMessage = async (data, meta) => {
      const msg = parse(data);
      const peer = meta && meta.peerId;
      if (!msg || !peer || done) return;
      if (msg.t === "pake2" || msg.t === "locked" || msg.t === "refused") hosts.add(peer);
      const out = await guest.handle(peer, msg);
      if (out.reply) action.send(JSON.stringify(out.reply), { target: peer }).catch(() => {});
      if (out.done) {
        const { room: roomId, k } = out.done.payload || {};
        if (typeof roomId === "string" && typeof k === "string") finish({ ok: true, room: roomId, secret: k, check: out.done.check });
      } else if (out.error) {
        failure = { ok: false, error: out.error, left: out.left ?? null };
        hosts.delete(peer);
        if (hosts.size === 0) finish(failure); // (a second room on the same nameplate may still answer)
      }
    };
    for (const peer of Object.keys(room.getPeers())) hello(peer);
  });
}
