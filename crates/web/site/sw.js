// The service worker: after one visit the page loads and judges with the network off. Its
// files are kept in a cache named by the build (build.sh writes a hash of the site over
// VERSION), fetched again only when a new build brings a new name; anything else of the site
// that the page fetches (an example, a file added later) is kept the first time it loads.
const CACHE = 'fairplay-VERSION';
const FILES = ['./', 'index.html', 'app.js', 'engine.js', 'worker.js', 'i18n.js', 'share.js', 'table.js', 'board.js', 'tabs.js', 'ranges.js', 'fishtable.js',
  'style.css', 'fairplay.wasm', 'manifest.webmanifest', 'favicon.ico', 'icon-192.png', 'icon-512.png',
  'examples/index.json'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith('fairplay-') && name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    // The page's address with a fragment or a query is the page.
    const hit = await cache.match(event.request, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(event.request);
    if (response.ok) cache.put(event.request, response.clone());
    return response;
  }));
});
