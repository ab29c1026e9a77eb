// Runs a wasip1 build of gospacer under node's WASI (node >= 20):
//
//   node wasi.mjs gospacer.wasm [gospacer arguments...]
//
// The whole file system is preopened at /, so absolute paths work. The
// exit code is gospacer's; the last line on standard error is
// "wasi: run <ms> ms", the time spent running the program (compiling the
// module excluded), for the tests that check that -t stops it on time.
import { WASI } from 'node:wasi';
import { readFileSync } from 'node:fs';
import { argv, exit, stderr } from 'node:process';

const [, , wasmPath, ...args] = argv;
const wasi = new WASI({
  version: 'preview1',
  args: ['gospacer', ...args],
  env: {},
  preopens: { '/': '/' },
  returnOnExit: true,
});
const module = await WebAssembly.compile(readFileSync(wasmPath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
const start = performance.now();
const code = wasi.start(instance);
stderr.write(`wasi: run ${Math.round(performance.now() - start)} ms\n`);
exit(code);
