// Runs a wasm32-wasip1 program under Node's WASI (node:wasi, Node 20+):
//   node --no-warnings tools/wasi-run.mjs target/wasm32-wasip1/speed/engine.wasm bench hasami --json
// The program's arguments follow the .wasm path; its exit status is this script's.
import { readFile } from 'node:fs/promises';
import { argv, env, exit } from 'node:process';
import { WASI } from 'node:wasi';

const [, , wasmPath, ...args] = argv;
if (!wasmPath) {
  console.error('usage: node tools/wasi-run.mjs PROGRAM.wasm [ARGS...]');
  exit(2);
}
const wasi = new WASI({ version: 'preview1', args: [wasmPath, ...args], env, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(wasmPath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
exit(wasi.start(instance));
