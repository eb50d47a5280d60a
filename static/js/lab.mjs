// The bot lab's runner on the page's side: plays a student's bot in a Web Worker (lab_worker.mjs) so
// the page stays responsive, and ends a run that hangs by ending the worker (docs/bots-lab.md).
//
// Loaded only when the lab is used (the UI imports it: pyscript.js_import("./static/js/lab.mjs")), and
// the worker, with its own Pyodide, is made on the first run: nothing of this is in the page's boot.
//
//   run(params, onProgress) -> Promise<snapshot>
//       params: {game, level, code} or {game, level, bot}, optional games (200), layout ("1v3", "2v2",
//       "1v1"), firstSeed (0), lang ("es"/"en"), moveLimit (seconds per move that Python enforces, 1),
//       timeLimit (seconds the worker may stay silent before it is ended, TIME_LIMIT_S); a JSON text of
//       the same is accepted too. onProgress(snapshot, json) after every slice (about 0.1 s).
//       Resolves with the last snapshot (tapete.lab.runner.LabRun.snapshot) when the run is over, with
//       `stopped` set: null (it ran to its end or the student's bot failed: snapshot.error), "user"
//       (stop()), "time" (the worker stayed silent past the time limit and was ended: snapshot.error
//       is {kind: "timeout", seconds}) or "crashed" (the worker died: {kind: "crashed", message}).
//       Rejects only when the lab cannot run: Python failed to start, bad params, a run already going.
//   stop() -> Promise: ends the run under way (after its slice; a worker that does not answer within
//       STOP_GRACE_MS is ended) and resolves once run()'s promise has settled.
//   decide(params) -> Promise<{action, error, output}>: one move of a student's bot at a table ("Play
//       against my bot"), in the worker: params {game, code, table, seat, view, legal, mustAct (true),
//       moveLimit, timeLimit} (or its JSON text); the bot keeps its module (its memory) while table, seat
//       and code stay the same. error: tapete.lab's error dict, or {kind: "timeout"} when the worker did
//       not answer within timeLimit seconds (it is ended: a stuck bot never freezes the page).
//   running() -> boolean
//   close(): ends the worker (a new one is made by the next run).
//   ready() -> Promise: starts the worker and Python ahead of a first run (optional).

const TIME_LIMIT_S = 4;          // silence (no slice finished) before the worker is ended
const STOP_GRACE_MS = 1000;      // a stop waits this long for the slice under way, then ends the worker
const BOOT_LIMIT_MS = 180_000;   // the worker's Pyodide start, on a slow machine
const WORKER_URL = new URL("./lab_worker.mjs", import.meta.url);

let worker = null;
let booted = null;       // a promise: the worker's Python is up
let current = null;      // the run under way: {id, resolve, reject, last, timer, limitMs, onProgress, ended}
let nextId = 1;
const decisions = new Map();   // id -> {resolve, reject, timer}: decide() calls waiting for the worker

function makeWorker() {
  const w = new Worker(WORKER_URL, { type: "module", name: "tapete-lab" });
  let readyResolve, readyReject;
  booted = new Promise((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  booted.catch(() => {});
  const bootTimer = setTimeout(() => readyReject(new Error("the lab's Python did not start in time")), BOOT_LIMIT_MS);
  w.bootTimer = bootTimer;
  w.onmessage = (event) => {
    const message = event.data || {};
    if (message.type === "ready") {
      clearTimeout(bootTimer);
      readyResolve();
      return;
    }
    onWorkerMessage(message);
  };
  w.onerror = (event) => {
    clearTimeout(bootTimer);
    const text = (event && (event.message || (event.error && event.error.message))) || "the lab's worker failed";
    readyReject(new Error(text));
    if (worker === w) endWorker({ kind: "crashed", message: text });
    w.terminate();
    if (current) finish("crashed", { kind: "crashed", message: text });
  };
  return w;
}

function ensureWorker() {
  if (!worker) worker = makeWorker();
  return worker;
}

function endWorker(error) {
  if (worker) {
    clearTimeout(worker.bootTimer);
    worker.terminate();
  }
  worker = null;
  booted = null;
  for (const [id, waiting] of decisions) {     // moves asked of the worker just ended
    decisions.delete(id);
    clearTimeout(waiting.timer);
    waiting.resolve({ action: null, error: error || { kind: "crashed", message: "the lab's worker was ended" },
                      output: [] });
  }
}

function armTimer() {
  if (!current) return;
  clearTimeout(current.timer);
  const run = current;
  run.timer = setTimeout(() => {
    endWorker();
    finish("time", { kind: "timeout", seconds: run.limitMs / 1000 });
  }, run.limitMs);
}

function finish(stopped, error, snapshot) {
  const run = current;
  if (!run || run.ended) return;
  run.ended = true;
  clearTimeout(run.timer);
  clearTimeout(run.graceTimer);
  current = null;
  const last = snapshot || run.last || { played: 0, curve: [], done: true, error: null };
  const result = { ...last, done: true, stopped };
  if (error && !result.error) result.error = error;
  run.resolve(result);
}

function onWorkerMessage(message) {
  const waiting = decisions.get(message.id);
  if (waiting && (message.type === "decided" || message.type === "failed")) {
    decisions.delete(message.id);
    clearTimeout(waiting.timer);
    if (message.type === "decided") waiting.resolve(message.result);
    else waiting.reject(new Error(message.message));
    return;
  }
  const run = current;
  if (!run || message.id !== run.id) return;
  if (message.type === "started") {
    run.started = true;
    armTimer();
  } else if (message.type === "progress") {
    run.last = message.snapshot;
    armTimer();
    if (run.onProgress) {
      try {
        run.onProgress(message.snapshot, JSON.stringify(message.snapshot));
      } catch (error) {
        console.error("lab progress callback failed", error);
      }
    }
  } else if (message.type === "done") {
    finish(null, null, message.snapshot);
  } else if (message.type === "stopped") {
    finish("user", null, message.snapshot);
  } else if (message.type === "failed") {
    clearTimeout(run.timer);
    current = null;
    run.ended = true;
    if (message.stage === "python") endWorker();     // the next run begins with a new worker
    run.reject(new Error(message.message));
  }
}

function paramsOf(params) {
  const p = typeof params === "string" ? JSON.parse(params) : { ...params };
  const out = { game: p.game, level: p.level, games: p.games ?? 200, layout: p.layout ?? "1v3",
                first_seed: p.firstSeed ?? p.first_seed ?? 0, lang: p.lang ?? "en" };
  if (p.code != null) out.code = p.code;
  if (p.bot != null) out.bot = p.bot;
  if (p.moveLimit != null || p.move_limit != null) out.move_limit = p.moveLimit ?? p.move_limit;
  const limit = p.timeLimit ?? p.time_limit;
  return { params: out, limitMs: 1000 * (limit != null ? Number(limit) : TIME_LIMIT_S) };
}

export function ready() {
  ensureWorker();
  return booted;
}

export function running() {
  return current !== null;
}

export function run(params, onProgress) {
  if (current) return Promise.reject(new Error("a lab run is already going"));
  let parsed;
  try {
    parsed = paramsOf(params);
  } catch (error) {
    return Promise.reject(error);
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    current = { id, resolve, reject, last: null, timer: null, graceTimer: null, limitMs: parsed.limitMs,
                onProgress: typeof onProgress === "function" ? onProgress : null, ended: false, started: false };
    const w = ensureWorker();
    const mine = current;
    booted.then(null, (error) => {
      if (current === mine) {
        current = null;
        mine.ended = true;
        endWorker();
        reject(error);
      }
    });
    w.postMessage({ type: "run", id, params: parsed.params });
  });
}

export function decide(params) {
  const p = typeof params === "string" ? JSON.parse(params) : { ...params };
  const limitMs = 1000 * (p.timeLimit ?? p.time_limit ?? TIME_LIMIT_S);
  const out = { game: p.game, code: p.code, table: p.table ?? null, seat: p.seat ?? null, view: p.view,
                legal: p.legal, must_act: p.mustAct ?? p.must_act ?? true };
  if (p.moveLimit != null || p.move_limit != null) out.move_limit = p.moveLimit ?? p.move_limit;
  const id = nextId++;
  const w = ensureWorker();
  return new Promise((resolve, reject) => {
    const waiting = { resolve, reject, timer: null };
    decisions.set(id, waiting);
    // The clock starts once Python is up (its start is not the bot's time).
    booted.then(() => {
      if (decisions.get(id) === waiting) {
        waiting.timer = setTimeout(() => endWorker({ kind: "timeout", seconds: limitMs / 1000 }), limitMs);
      }
    }, (error) => {
      if (decisions.get(id) === waiting) {
        decisions.delete(id);
        endWorker();
        reject(error);
      }
    });
    w.postMessage({ type: "decide", id, params: out });
  });
}

export function stop() {
  const run = current;
  if (!run) return Promise.resolve();
  const settled = new Promise((resolve) => {
    const was = run.resolve;
    const wasReject = run.reject;
    run.resolve = (value) => { was(value); resolve(); };
    run.reject = (error) => { wasReject(error); resolve(); };
  });
  if (!run.started) {            // still starting Python: nothing to wait for
    endWorker();
    finish("user");
    return settled;
  }
  worker.postMessage({ type: "stop", id: run.id });
  run.graceTimer = setTimeout(() => {
    endWorker();
    finish("user");
  }, STOP_GRACE_MS);
  return settled;
}

export function close() {
  if (current) {
    endWorker();
    finish("user");
  }
  endWorker();
}
