// The bot lab's Web Worker: its own Pyodide (the page's vendored one: static/vendor/pyodide/, the same
// cut standard library and tapete.zip that static/js/boot.mjs loads), so a student's bot plays its
// games off the page's thread. Created by static/js/lab.mjs the first time the lab runs, never at boot.
//
// Messages in:  {type: "run", id, params}   params: tapete.lab.runner.from_params's keys
//               {type: "stop", id}          end the run after the slice under way
//               {type: "decide", id, params}  one move of a student's bot at a table (tapete.lab.decide)
// Messages out: {type: "ready"}                          Python is up (once per worker)
//               {type: "started", id}                    the run is set up; the page's time limit starts
//               {type: "progress", id, snapshot}         after each slice (LabRun.snapshot)
//               {type: "done", id, snapshot}             the run is over (snapshot.error: the student's)
//               {type: "stopped", id, snapshot}          ended by a stop message
//               {type: "decided", id, result}            {action, error, output}
//               {type: "failed", id, stage, message}     Python could not start (stage "python"), or
//                                                        bad params or a bug (no stage)
// A run plays in slices of SLICE_SECONDS (LabRun.play_for); between slices the worker yields to its
// event loop, so a stop message is seen. A bot stuck where Python cannot stop it (tapete/lab/student.py)
// never yields: lab.mjs then ends this worker (terminate()) and starts a new one for the next run.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const SLICE_SECONDS = 0.1;
const site = new URL("../../", import.meta.url);
let python = null;       // a promise of tapete.lab (a PyProxy); started as soon as the worker is
let stopping = null;     // id of the run a stop message asked to end

async function start() {
  const zip = fetch(new URL("tapete.zip", site)).then((response) => {
    if (!response.ok) throw new Error(`Failed to load tapete.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  zip.catch(() => {});   // reported by the await below
  const pyodide = await loadPyodide({
    indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
    stdout: (line) => console.log(`[lab] ${line}`),
    stderr: (line) => console.warn(`[lab] ${line}`),
  });
  pyodide.unpackArchive(await zip, "zip", { extractDir: "/home/pyodide" });
  const lab = pyodide.pyimport("tapete.lab");
  self.postMessage({ type: "ready" });
  return lab;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

async function runGames(id, params) {
  let lab;
  try {
    lab = await (python ||= start());
  } catch (error) {
    python = null;       // the next run tries again
    self.postMessage({ type: "failed", id, stage: "python", message: String((error && error.stack) || error) });
    return;
  }
  let run;
  try {
    run = lab.from_params(JSON.stringify(params));
  } catch (error) {
    self.postMessage({ type: "failed", id, message: String((error && error.message) || error) });
    return;
  }
  self.postMessage({ type: "started", id });
  try {
    for (;;) {
      const snapshot = JSON.parse(run.play_json(SLICE_SECONDS));
      if (snapshot.done) {
        self.postMessage({ type: "done", id, snapshot });
        return;
      }
      self.postMessage({ type: "progress", id, snapshot });
      await pause();
      if (stopping === id) {
        self.postMessage({ type: "stopped", id, snapshot });
        return;
      }
    }
  } catch (error) {
    self.postMessage({ type: "failed", id, message: String((error && error.message) || error) });
  } finally {
    run.destroy();
  }
}

python = start();
python.catch(() => {});   // reported to the run that waits for it

async function decideMove(id, params) {
  let lab;
  try {
    lab = await (python ||= start());
  } catch (error) {
    python = null;
    self.postMessage({ type: "failed", id, stage: "python", message: String((error && error.stack) || error) });
    return;
  }
  try {
    self.postMessage({ type: "decided", id, result: JSON.parse(lab.decide_json(JSON.stringify(params))) });
  } catch (error) {
    self.postMessage({ type: "failed", id, message: String((error && error.message) || error) });
  }
}

self.onmessage = (event) => {
  const message = event.data || {};
  if (message.type === "decide") {
    decideMove(message.id, message.params);
  } else if (message.type === "run") {
    stopping = null;
    runGames(message.id, message.params);
  } else if (message.type === "stop") {
    stopping = message.id;
  }
};
