// z3wasm.js: the newest z3 (the npm package z3-solver, a WebAssembly build)
// as a command like z3's: `node bench/z3wasm.js FILE` prints what z3 would
// print for the SMT-LIB script FILE (HORN files run its Spacer).
//
//   npm install --prefix /tmp/z3new z3-solver@5.2.0
//   NODE_PATH=/tmp/z3new/node_modules node bench/z3wasm.js FILE
//
// bench/chc.sh runs it as the solver z3new when Z3NEW names the command
// (Z3NEW="node $PWD/bench/z3wasm.js"); timeout(1) stops it there. Start-up
// (loading the WebAssembly module) takes about a second and is reported on
// stderr, so that time ratios can leave it out.
const fs = require('fs');
const { init } = require('z3-solver');

async function main() {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: node z3wasm.js FILE\n');
    process.exit(2);
  }
  const text = fs.readFileSync(file, 'utf8');
  const t0 = Date.now();
  const { Z3 } = await init();
  process.stderr.write(`z3wasm: init ${(Date.now() - t0) / 1000} s\n`);
  const out = await Z3.eval_smtlib2_string(Z3.mk_context(Z3.mk_config()), text);
  process.stdout.write(out.endsWith('\n') || out === '' ? out : out + '\n');
  process.exit(0);
}

main().catch((e) => {
  process.stdout.write(`(error "${String(e).replace(/"/g, "'")}")\n`);
  process.exit(1);
});
