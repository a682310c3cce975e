/**
 * The page's service worker: keeps every file of the page (the list the build wrote, under a name that
 * changes with their content) so the page opens and works offline once loaded. It answers only for those
 * files; any other request (the API of `gstkit serve`) goes to the network untouched.
 * @module
 */

/** Set by the build: the page's files, relative to the worker, and a hash of their content. */
declare const PAGE_FILES: readonly string[];
declare const PAGE_VERSION: string;

/** The parts of a service worker's global scope this file uses (the DOM library types the page's window). */
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: { waitUntil(work: Promise<unknown>): void }) => void): void;
  addEventListener(type: 'fetch', listener: (event: { request: Request; respondWith(answer: Promise<Response>): void }) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = `gstkit-page-${PAGE_VERSION}`;
const urls = new Set(PAGE_FILES.map((file) => new URL(file, worker.location.href).href));

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...urls]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('gstkit-page-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.search = '';
  if (!urls.has(url.href)) return;
  event.respondWith(caches.match(url.href).then((kept) => kept ?? fetch(request)));
});
