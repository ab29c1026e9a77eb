// The playground page: examples, a run with a timeout in a Web Worker,
// the answer with its model or derivation, the statistics. URL parameters
// (used by the tests): example=NAME, timeout=SECONDS, engine=NAME, run=1
// runs at once, stats=1 opens the statistics, report=1 posts the result as JSON to /report, hold=1
// loads /hold as an image, which a test server answers after the report
// (so that the page's load event, and a headless screenshot, wait for it).
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
if (params.get("hold") === "1") {
  const img = document.createElement("img");
  img.src = "/hold";
  img.width = img.height = 1;
  img.alt = "";
  document.body.appendChild(img);
}
let worker = null;
let hardStop = null;
let examples = [];

function setStatus(text) { $("status").textContent = text; }

function startWorker() {
  return new Promise((resolve) => {
    worker = new Worker("worker.js");
    worker.onmessage = (e) => {
      if (e.data.ready) { setStatus("ready"); resolve(); return; }
      finish(e.data);
    };
  });
}

function show(res) {
  const a = $("answer");
  a.textContent = res.answer || (res.error ? "error" : "");
  a.className = "answer " + (res.answer || "");
  $("reason").textContent = res.reason ? "reason: " + res.reason : "";
  $("witness-title").textContent =
    res.witness ? (res.answer === "sat" ? "Model" : res.answer === "unsat" ? "Derivation" : "Output") : "";
  $("witness").textContent = res.witness || "";
  $("stats").textContent = res.stats || "";
  $("error").textContent = res.error || "";
}

function finish(res) {
  clearTimeout(hardStop);
  hardStop = null;
  $("run").disabled = false;
  $("stop").disabled = true;
  setStatus(`done in ${res.ms} ms`);
  show(res);
  if (params.get("report") === "1") {
    fetch("/report", { method: "POST", body: JSON.stringify(res) });
  }
}

// stop ends a run the solver did not end: the worker is dropped.
function stop(why) {
  if (worker) { worker.terminate(); worker = null; }
  finish({ answer: "unknown", reason: why, witness: "", stats: "", error: "", ms: Date.now() - started });
}

let started = 0;
async function run() {
  $("run").disabled = true;
  $("stop").disabled = false;
  show({});
  if (!worker) { setStatus("loading the solver…"); await startWorker(); }
  const timeoutMs = Math.max(1, Number($("timeout").value) || 10) * 1000;
  setStatus("solving…");
  started = Date.now();
  // the solver stops at the timeout; the page stops it 3 s later if not
  hardStop = setTimeout(() => stop(`the solver did not stop within ${timeoutMs / 1000 + 3} s: stopped by the page`), timeoutMs + 3000);
  worker.postMessage({ source: $("source").value, timeoutMs, engine: $("engine").value });
}

function pick(name) {
  const ex = examples.find((e) => e.name === name) || examples[0];
  if (!ex) return;
  $("example").value = ex.name;
  $("source").value = ex.text;
}

async function init() {
  $("run").onclick = run;
  $("stop").onclick = () => stop("stopped by the user");
  $("example").onchange = () => pick($("example").value);
  examples = await (await fetch("examples.json")).json();
  for (const ex of examples) {
    const o = document.createElement("option");
    o.value = ex.name;
    o.textContent = ex.name;
    $("example").appendChild(o);
  }
  pick(params.get("example"));
  if (params.get("stats") === "1") $("stats-box").open = true;
  if (params.get("timeout")) $("timeout").value = params.get("timeout");
  if (params.get("engine")) $("engine").value = params.get("engine");
  await startWorker();
  if (params.get("run") === "1") $("run").click();
}

init();
