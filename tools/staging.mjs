// What the post-build tools that rewrite a release build's files share
// (tools/minify-css.mjs, tools/minify-js.mjs): the folder they work on, and writing
// their results only once every file has passed.
import { writeFileSync } from 'node:fs';

// The folder to work on: trunk's staging folder when trunk runs the tool (Trunk.toml,
// post_build hook), else the first argument. Exits 2 with a usage line when there is
// neither, and 0 (nothing to do) when trunk builds another profile than release: a
// debug build keeps its files readable.
export function releaseStagingDir(tool) {
  const dir = process.env.TRUNK_STAGING_DIR || process.argv[2];
  if (!dir) {
    console.error(`usage: node tools/${tool}.mjs DIST_DIR (or run by trunk)`);
    process.exit(2);
  }
  if (process.env.TRUNK_PROFILE && process.env.TRUNK_PROFILE !== 'release') {
    process.exit(0);
  }
  return dir;
}

// Writes each `{ path, name, from, code }` (`from`: the size before, in bytes) and
// prints its size before and after. Called once every file has passed, so a failed
// build changes no file.
export function writeMinified(tool, minified) {
  for (const m of minified) {
    writeFileSync(m.path, m.code);
    console.log(`[${tool}] ${m.name}: ${m.from} -> ${m.code.length} bytes`);
  }
}
