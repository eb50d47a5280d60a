/* Tapete sound effects: short tones synthesized with WebAudio (no audio files, nothing fetched).
 *
 * Python decides WHICH effect an update makes (py/tapete/ui/sound.py) and calls
 * window.tapeteSound.play(["play", ...]); this file only synthesizes them. Rules:
 * - No AudioContext is created (or resumed) before the first user gesture on the page (pointerdown,
 *   keydown, touchstart); effects asked for before that are not played.
 * - The mute toggle ([data-sound-toggle], rendered by the Python UI with aria-pressed) flips
 *   localStorage["tapete.muted"] ("1" muted); muted, nothing is played and no context is created.
 * - The context is suspended once the last effect has rung out (IDLE_MS later) and resumed for the next
 *   one: a running AudioContext costs the audio service CPU all the time, even silent (measured about
 *   16 ms of CPU a second in Chromium, on a table that waits for a move).
 * - Read-only test hook: window.__tapeteSound = {requested, played, contextState, muted}
 *   (requested: every name asked for; played: the names actually synthesized).
 */
(function () {
  "use strict";
  const STORE = "tapete.muted";
  const requested = [];
  const played = [];
  let ctx = null;
  let gestured = false;
  let idle = 0;                     // the timer that suspends the context once the effects are over
  const IDLE_MS = 1500;             // the longest effect ("win") lasts under 0.6 s

  function suspendLater(ms) {
    clearTimeout(idle);
    idle = setTimeout(() => { if (ctx && ctx.state === "running") ctx.suspend(); }, ms);
  }

  function isMuted() {
    try { return localStorage.getItem(STORE) === "1"; } catch (e) { return false; }
  }

  function setMuted(on) {
    try { localStorage.setItem(STORE, on ? "1" : "0"); } catch (e) { /* private mode: this page only */ }
    document.querySelectorAll("[data-sound-toggle]").forEach((b) => b.setAttribute("aria-pressed", on ? "true" : "false"));
    if (on && ctx && ctx.state === "running") ctx.suspend();
  }

  function context() {
    if (!gestured || isMuted()) return null;
    if (!ctx) {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return null;
      ctx = new AC();
    }
    if (ctx.state === "suspended") ctx.resume();
    return ctx;
  }

  function onGesture() {
    gestured = true;
    if (!isMuted() && context()) suspendLater(IDLE_MS);    // unlocked by the gesture, then let rest
  }
  ["pointerdown", "keydown", "touchstart"].forEach((name) =>
    document.addEventListener(name, onGesture, { capture: true, passive: true }));

  // One tone: oscillator type, start/end frequency (Hz), start offset and length (s), peak gain.
  function tone(ac, type, f0, f1, at, len, gain) {
    const t0 = ac.currentTime + at;
    const osc = ac.createOscillator();
    const amp = ac.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(f0, t0);
    if (f1 !== f0) osc.frequency.exponentialRampToValueAtTime(f1, t0 + len);
    amp.gain.setValueAtTime(0.0001, t0);
    amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
    amp.gain.exponentialRampToValueAtTime(0.0001, t0 + len);
    osc.connect(amp).connect(ac.destination);
    osc.start(t0);
    osc.stop(t0 + len + 0.02);
  }

  // A short noise burst through a band-pass filter: the swish of a card.
  function swish(ac, at, len, freq, gain) {
    const t0 = ac.currentTime + at;
    const frames = Math.max(1, Math.floor(ac.sampleRate * len));
    const buffer = ac.createBuffer(1, frames, ac.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
    const src = ac.createBufferSource();
    const filter = ac.createBiquadFilter();
    const amp = ac.createGain();
    src.buffer = buffer;
    filter.type = "bandpass";
    filter.frequency.value = freq;
    amp.gain.value = gain;
    src.connect(filter).connect(amp).connect(ac.destination);
    src.start(t0);
  }

  const EFFECTS = {
    play: (ac, at) => { swish(ac, at, 0.09, 2400, 0.5); tone(ac, "triangle", 520, 380, at + 0.02, 0.08, 0.12); },
    draw: (ac, at) => { swish(ac, at, 0.12, 1200, 0.4); },
    turn: (ac, at) => { tone(ac, "sine", 660, 660, at, 0.12, 0.18); tone(ac, "sine", 880, 880, at + 0.13, 0.18, 0.18); },
    call: (ac, at) => { [784, 988, 1175].forEach((f, i) => tone(ac, "square", f, f, at + i * 0.07, 0.09, 0.07)); },
    penalty: (ac, at) => { tone(ac, "sawtooth", 330, 110, at, 0.35, 0.12); },
    win: (ac, at) => { [523, 659, 784, 1047].forEach((f, i) => tone(ac, "triangle", f, f, at + i * 0.11, 0.22, 0.16)); },
  };

  function play(names) {
    const list = Array.from(names || []).map(String).filter((n) => n in EFFECTS);
    list.forEach((n) => requested.push(n));
    if (!list.length || isMuted()) return;
    const ac = context();
    if (!ac) return;
    list.forEach((n, i) => {
      EFFECTS[n](ac, i * 0.12);
      played.push(n);
    });
    suspendLater(IDLE_MS + list.length * 120);
  }

  // The toggle is rendered by Python (it survives re-renders with the state read from storage).
  document.addEventListener("click", (event) => {
    const button = event.target && event.target.closest && event.target.closest("[data-sound-toggle]");
    if (!button) return;
    setMuted(!isMuted());
  });

  window.tapeteSound = { play, isMuted, setMuted };
  window.__tapeteSound = Object.freeze({
    get requested() { return requested.slice(); },
    get played() { return played.slice(); },
    get contextState() { return ctx ? ctx.state : "none"; },
    get muted() { return isMuted(); },
  });
})();
