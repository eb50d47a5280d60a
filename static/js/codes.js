/* Join codes over Trystero: the public nameplate room where guests redeem a code for the room's
 * link (static/js/pake.js runs the SPAKE2 handshake; this file only moves its messages).
 *
 * The nameplate room's id and password are public (`np-<nameplate>`, `nameplate:<nameplate>`): a relay
 * or anyone may enter it. What it carries is SPAKE2 shares and MACs; the link (room id and secret)
 * goes only to a guest that proved the code, inside AES-GCM under the session key.
 */
import { getRelaySockets, joinRoom, selfId } from "../vendor/trystero.mjs";
import { CodeGuest, CodeHost, parseCode } from "./pake.js";
import { isHostKey } from "./keys.js";

const MAX_TEXT = 2048; // handshake messages are < 400 bytes
const ACTION = "code";
// A guest's timings: a try whose peer says nothing for TRY_MS fails; when nothing is in flight (a try
// failed, or peers only made claims) the guest waits until SETTLE_MS after the last peer joined (at
// least SETTLE_MIN_MS) before CodeGuest.settle() may end the redeem: the host's connection may open after
// an attacker's. pake1 goes again (the same pA) every RESEND_MS to peers that have not answered (the
// host's meter may have dropped it).
export const TRY_MS = 8000;
export const SETTLE_MS = 4000;
export const SETTLE_MIN_MS = 1000;
export const RESEND_MS = 2500;
// No room server (relay) socket open by then: the redeem ends with "unreachable" rather than waiting out
// the whole timeout and blaming the code (issue 31).
export const UNREACHABLE_MS = 8000;

/** Whether any relay socket of this page is open now. */
function relayOpen() {
  try {
    return Object.values(getRelaySockets() || {}).some((s) => s && s.readyState === 1);
  } catch (_) {
    return false;
  }
}

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
 * Returns {state() -> {failures, locked, checks: {peerId: check}, runs, dropped}, onEvent(cb({event, peer, check})),
 * close()} (`runs`: handshakes started; `dropped`: pake1 dropped by the meters). */
export function listenForCode(cfg, code, payload, failures = 0) {
  const parsed = parseCode(code);
  if (!parsed) throw new Error(`bad join code ${code}`);
  if (!payload || !isHostKey(payload.k)) throw new Error("the link's k is no host key (small order?)");
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
    state: () => ({ failures: host.failures, locked: host.locked, checks: Object.fromEntries(host.checks),
      runs: host.runs, dropped: host.dropped }),
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
    entry = { room, action, onJoin: null, onMessage: null, onLeave: null, lastJoin: Date.now() };
    room.onPeerJoin = (peer) => {
      entry.lastJoin = Date.now(); // (entering the room counts: its connections open from then on)
      if (entry.onJoin) entry.onJoin(peer);
    };
    room.onPeerLeave = (peer) => entry.onLeave && entry.onLeave(peer);
    action.onMessage = (data, meta) => entry.onMessage && entry.onMessage(data, meta);
    guestRooms.set(nameplate, entry);
  }
  return entry;
}

/** A guest: redeem `code` in its nameplate room (CodeGuest: one peer confirmed to per try, at most
 * GUEST_TRIES tries). Resolves {ok: true, room, secret, check, failed} or {ok: false, error: "bad_code" |
 * "refused" | "locked" | "unproven" | "silent" | "gone" | "no_host" | "unreachable", left, failed}; `failed`
 * is the number of failed tries (each gave one peer one guess: the page shows it). "unreachable": no relay
 * socket was ever open within `unreachableMs` (nothing was asked: the code may well be right). */
export function redeemCode(cfg, code, { timeoutMs = 30000, tryMs = TRY_MS, settleMs = SETTLE_MS, resendMs = RESEND_MS,
  unreachableMs = UNREACHABLE_MS } = {}) {
  const parsed = parseCode(code);
  if (!parsed) return Promise.resolve({ ok: false, error: "bad_code", left: null, failed: 0 });
  const guest = new CodeGuest({ ...parsed, selfId });
  const entry = guestRoom(cfg, parsed.nameplate);
  const { room, action } = entry;
  return new Promise((resolve) => {
    let done = false;
    let tryTimer = null;
    let settleTimer = null;
    const settleLater = () => {
      clearTimeout(settleTimer);
      const wait = Math.max(SETTLE_MIN_MS, entry.lastJoin + settleMs - Date.now());
      settleTimer = setTimeout(() => {
        settleTimer = null;
        apply(guest.settle());
      }, wait);
    };
    const send = (peer, msg) => action.send(JSON.stringify(msg), { target: peer }).catch(() => {});
    const finish = (result) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(tryTimer);
      clearTimeout(settleTimer);
      clearInterval(resend);
      clearInterval(reach);
      entry.onJoin = entry.onMessage = entry.onLeave = null;
      if (result.ok) {
        guestRooms.delete(parsed.nameplate);
        room.leave();
      }
      resolve(result);
    };
    const apply = (out) => {
      if (done || !out) return;
      if (out.result) {
        const r = out.result;
        const { room: roomId, k } = (r.ok && r.payload) || {};
        if (r.ok && typeof roomId === "string" && isHostKey(k)) { // a small-order k would never verify
          finish({ ok: true, room: roomId, secret: k, check: r.check, failed: r.failed });
        } else {
          finish(r.ok ? { ok: false, error: "unproven", left: null, failed: r.failed } : r);
        }
        return;
      }
      if (out.failed) clearTimeout(tryTimer); // that try is over
      if (out.send) {                         // a new try: its peer has tryMs to answer
        clearTimeout(tryTimer);
        clearTimeout(settleTimer);
        settleTimer = null;
        send(...out.send);
        tryTimer = setTimeout(() => apply(guest.timedOut()), tryMs);
      } else if (out.idle && settleTimer === null) { // nothing in flight: wait a little for (more) peers
        settleLater();
      }
    };
    const timer = setTimeout(() => apply(guest.giveUp()), timeoutMs);
    const started = Date.now();
    let reached = relayOpen();
    const reach = setInterval(() => {
      reached = reached || relayOpen();
      if (!reached && Date.now() - started >= unreachableMs) {
        finish({ ok: false, error: "unreachable", left: null, failed: 0 });
      }
    }, 250);
    const resend = setInterval(() => {
      for (const peer of guest.silent()) send(peer, guest.hello(peer));
    }, resendMs);
    entry.onJoin = (peer) => {
      send(peer, guest.hello(peer));
      if (settleTimer !== null) settleLater(); // give the newcomer its chance
    };
    entry.onLeave = (peer) => apply(guest.gone(peer));
    entry.onMessage = async (data, meta) => {
      const msg = parse(data);
      const peer = meta && meta.peerId;
      if (!msg || !peer || done) return;
      apply(await guest.handle(peer, msg));
    };
    for (const peer of Object.keys(room.getPeers())) send(peer, guest.hello(peer));
  });
}
