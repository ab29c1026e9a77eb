// The solver runs in this worker, so that the page stays responsive and
// can stop a run that does not end (terminate). Messages in: {source,
// timeoutMs, engine}; out: {ready: true} once, then one result per run.
importScripts("wasm_exec.js");

const go = new Go();
const ready = fetch("gospacer.wasm")
  .then((r) => r.arrayBuffer())
  .then((bytes) => WebAssembly.instantiate(bytes, go.importObject))
  .then((r) => {
    go.run(r.instance); // main registers gospacerSolve, then waits
    postMessage({ ready: true });
  });

onmessage = async (e) => {
  await ready;
  const { source, timeoutMs, engine } = e.data;
  const res = await self.gospacerSolve(source, timeoutMs, engine);
  postMessage(res);
};
