// Minifies the style sheets of a release build in place (lightningcss): comments and
// whitespace go and declarations are written shorter. Run by trunk after each
// build (Trunk.toml, post_build hook) on its staging folder, before the service worker
// is written; a debug build keeps its readable style sheets. By hand:
//   node tools/minify-css.mjs DIST_DIR
//
// Targets: the oldest browsers the style sheets already need. Every colour is
// `light-dark()` (style/main.css), which Safari has from 17.5, Chrome from 123 and
// Firefox from 120; for these lightningcss adds no fallback and lowers nothing, so the
// minified sheet means what the source means (its media queries may come out in the
// range syntax, `(width<=519px)`, which these browsers read). Trunk's own minification
// is not used: it minifies for no stated targets (docs/SIZE.md).
//
// Trunk writes each sheet's hash into index.html (`integrity="sha384-…"`, subresource
// integrity): the hash of the minified sheet replaces it there, or the browser would
// refuse the sheet.
//
// Prints each file's size before and after; exits 1 on a parse error, a warning or a
// sheet whose hash index.html does not hold.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'lightningcss';
import { releaseStagingDir, writeMinified } from './staging.mjs';

const dir = releaseStagingDir('minify-css');
// lightningcss's version numbers: major << 16 | minor << 8.
const version = (major, minor = 0) => (major << 16) | (minor << 8);
const targets = {
  safari: version(17, 5),
  ios_saf: version(17, 5),
  chrome: version(123),
  edge: version(123),
  firefox: version(120),
};
const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const indexPath = join(dir, 'index.html');
let index = readFileSync(indexPath, 'utf8');
const sheets = readdirSync(dir).filter((f) => f.endsWith('.css'));
if (sheets.length === 0) {
  console.error(`[minify-css] no .css file in ${dir}`);
  process.exit(1);
}
const minified = [];
for (const name of sheets) {
  const path = join(dir, name);
  const code = readFileSync(path);
  const out = transform({ filename: name, code, minify: true, targets });
  if (out.warnings.length > 0) {
    for (const w of out.warnings) console.error(`[minify-css] ${name}: ${w.message}`);
    process.exit(1);
  }
  const before = `integrity="${sri(code)}"`;
  if (!index.includes(before)) {
    console.error(`[minify-css] index.html holds no ${before} for ${name}`);
    process.exit(1);
  }
  index = index.replaceAll(before, `integrity="${sri(out.code)}"`);
  minified.push({ path, name, from: code.length, code: out.code });
}
// Nothing is written until every sheet has passed: a failed build changes no file.
writeMinified('minify-css', minified);
writeFileSync(indexPath, index);
