// Writes sw.js into the build: a Workbox service worker that precaches every file of the
// site, so the game opens and plays offline after the first visit. Run by trunk after
// each build (Trunk.toml, post_build hook) on its staging folder, or by hand:
//   node tools/generate-sw.mjs DIST_DIR
//
// Updates (src/session/update.rs decides, src/ui/update.rs does it): a new build's
// worker installs beside the running one and waits (no skipWaiting); the page then
// offers "A new version is ready: reload", and on that click posts Workbox's
// {type: 'SKIP_WAITING'} message to the waiting worker and reloads on
// `controllerchange`. Until then the old worker keeps serving the old build's files,
// so a page never mixes two builds.
//
// The precache is versioned per build twice over: each entry's revision is a hash of
// its content (so unhashed names such as cpu_worker.js / cpu_worker_bg.wasm /
// cpu_worker_loader.js get a new cache key whenever they change), and the cache's name
// carries the build's id (a hash of every entry's URL and revision), so a waiting
// build never writes into the cache the running build reads; the old build's cache is
// deleted when the new worker activates (cleanupOutdatedCaches).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { generateSW, getManifest } from 'workbox-build';

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2];
if (!dir) {
  console.error('usage: node tools/generate-sw.mjs DIST_DIR (or run by trunk)');
  process.exit(2);
}
const files = {
  globDirectory: dir,
  globPatterns: ['**/*.{html,js,wasm,css,png,svg,ico,json,webmanifest,woff2}'],
  globIgnores: ['sw.js'],
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
};

// The build's id: the same files give the same id, any changed byte another.
const { manifestEntries } = await getManifest(files);
const hash = createHash('sha256');
for (const e of [...manifestEntries].sort((a, b) => a.url.localeCompare(b.url))) {
  hash.update(`${e.url}\0${e.revision ?? ''}\n`);
}
const buildId = hash.digest('hex').slice(0, 16);

const { count, size, warnings } = await generateSW({
  ...files,
  swDest: `${dir}/sw.js`,
  // Cache name: shogi-<build id>-precache-v2-<scope>.
  cacheId: `shogi-${buildId}`,
  // One file, nothing fetched from a CDN.
  inlineWorkboxRuntime: true,
  mode: 'production',
  sourcemap: false,
  // The new build waits until the page asks for it (SKIP_WAITING message).
  skipWaiting: false,
  // The first worker controls the page at once (offline play from the first visit).
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  // No navigateFallback: index.html's asset URLs are relative, so serving it for a
  // deeper path would load nothing. The folder itself (./) maps to index.html.
});
for (const w of warnings) console.warn(`sw: ${w}`);
// The CPU plays offline only if its Web Worker (index.html, data-type="worker") is
// precached too, the app installs only if its manifest and icons are, and the kanji
// pieces read offline only if their web font is.
const sw = readFileSync(`${dir}/sw.js`, 'utf8');
for (const file of [
  'index.html',
  'cpu_worker_loader.js',
  'cpu_worker.js',
  'cpu_worker_bg.wasm',
  'manifest.webmanifest',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/maskable-512.png',
  'fonts/pieces.woff2',
]) {
  if (!sw.includes(`"${file}"`)) {
    console.error(`sw: ${file} is not precached`);
    process.exit(1);
  }
}
if (!sw.includes('SKIP_WAITING')) {
  console.error('sw: the SKIP_WAITING message handler is missing');
  process.exit(1);
}
console.log(`sw: build ${buildId}, precaching ${count} files, ${(size / 1024).toFixed(0)} KiB`);
