// Minifies the JavaScript that wasm-bindgen and the wasm splitter write, in place
// (esbuild): the app's glue (`shogi-variants-<hash>.js`), the loader of the wasm's
// parts (`__wasm_split-<hash>.js`, tools/split-wasm.sh) and the CPU worker's glue
// (`cpu_worker.js`). Run by trunk after each build (Trunk.toml, post_build hook) on
// its staging folder, before the service worker is written; a debug build keeps them
// readable. By hand:
//   node tools/minify-js.mjs DIST_DIR
//
// The files stay ES modules (`format: 'esm'`): their imports and exports keep their
// names, and the wasm's imports are looked up by string keys, which minification
// leaves alone. Trunk's own minification is not used: it gives up on wasm-bindgen's
// `export default` (docs/SIZE.md). index.html holds no integrity hash for these files.
//
// The glue imports the parts' loader once per part (`import * as import1 ... import9`
// from the same file) and lists them under one key of the wasm's imports object: the
// duplicate keys are the same module, so esbuild's warning about them is expected and
// not an error. Any other warning, an error, or a missing file exits 1, and nothing is
// written until every file has passed.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { releaseStagingDir, writeMinified } from './staging.mjs';

const dir = releaseStagingDir('minify-js');
const patterns = [/^shogi-variants-[0-9a-f]+\.js$/, /^__wasm_split-[0-9a-f]+\.js$/, /^cpu_worker\.js$/];
const files = readdirSync(dir);
const minified = [];
for (const pattern of patterns) {
  const found = files.filter((f) => pattern.test(f));
  if (found.length !== 1) {
    console.error(`[minify-js] expected one file matching ${pattern} in ${dir}, found ${found.length}`);
    process.exit(1);
  }
  const name = found[0];
  const path = join(dir, name);
  const code = readFileSync(path, 'utf8');
  let out;
  try {
    // es2020: the oldest browsers the style sheets need (tools/minify-css.mjs) have it.
    out = transformSync(code, { minify: true, format: 'esm', target: 'es2020', legalComments: 'none' });
  } catch (e) {
    console.error(`[minify-js] ${name}: ${e.message}`);
    process.exit(1);
  }
  const unexpected = out.warnings.filter((w) => w.id !== 'duplicate-object-key');
  if (unexpected.length > 0) {
    for (const w of unexpected) console.error(`[minify-js] ${name}: ${w.text}`);
    process.exit(1);
  }
  minified.push({ path, name, from: code.length, code: out.code });
}
writeMinified('minify-js', minified);
