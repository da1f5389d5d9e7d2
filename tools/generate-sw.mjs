// Writes sw.js into the build: a Workbox service worker that precaches every file of the
// site, so the game opens and plays offline after the first visit. Run by trunk after
// each build (Trunk.toml, post_build hook) on its staging folder.
import { readFileSync } from 'node:fs';
import { generateSW } from 'workbox-build';

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2];
if (!dir) {
  console.error('usage: node tools/generate-sw.mjs DIST_DIR (or run by trunk)');
  process.exit(2);
}
const { count, size, warnings } = await generateSW({
  globDirectory: dir,
  globPatterns: ['**/*.{html,js,wasm,css,png,svg,ico,json,webmanifest}'],
  swDest: `${dir}/sw.js`,
  // One file, nothing fetched from a CDN.
  inlineWorkboxRuntime: true,
  mode: 'production',
  sourcemap: false,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // No navigateFallback: index.html's asset URLs are relative, so serving it for a
  // deeper path would load nothing. The folder itself (./) maps to index.html.
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
});
for (const w of warnings) console.warn(`sw: ${w}`);
// The CPU plays offline only if its Web Worker (index.html, data-type="worker") is
// precached too. Trunk does not hash the worker's file names; each precache entry's
// revision is a hash of its content, so a new build changes sw.js and the browser
// fetches the new worker files with the rest.
const sw = readFileSync(`${dir}/sw.js`, 'utf8');
for (const file of ['index.html', 'cpu_worker_loader.js', 'cpu_worker.js', 'cpu_worker_bg.wasm']) {
  if (!sw.includes(`"${file}"`)) {
    console.error(`sw: ${file} is not precached`);
    process.exit(1);
  }
}
console.log(`sw: precaching ${count} files, ${(size / 1024).toFixed(0)} KiB`);
