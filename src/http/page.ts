/**
 * The page (src/playground/, built into dist/playground) served beside the API: `/` answers the page and
 * each of its files is answered at its own path, with its content type, a cache policy (files whose names
 * carry a content hash are kept a year, the others revalidated with their ETag), and a Content Security
 * Policy that lets the page run its own scripts, show the QR image and PDF it draws (blob: URLs), compile
 * the PDF's text shaper (WebAssembly) and nothing else. Every other path goes to the handler, unchanged.
 * @module
 */
import { setLightEntry, lightEntryOf, type RequestLike } from './light-request.js';
import type { GstHandler, RequestExtras } from './types.js';

/** One file of the page, by its path relative to the page's folder (`index.html`, `chunks/app-X.js`). */
export interface PageFile {
  body: Uint8Array;
}

export type PageFiles = ReadonlyMap<string, PageFile>;

/** What the page may load and run: its own files, images and frames it makes itself, and WebAssembly. */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "frame-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  wasm: 'application/wasm',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff2: 'font/woff2',
  png: 'image/png',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
};

/** The content type of a page file, by its extension. */
export function pageContentType(path: string): string {
  return TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** A strong ETag from the bytes (FNV-1a, 64 bits in two halves): cheap, and enough to tell versions apart. */
function etagOf(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    a = Math.imul(a ^ (bytes[i] as number), 0x01000193) >>> 0;
    b = Math.imul(b ^ (bytes[bytes.length - 1 - i] as number), 0x01000193) >>> 0;
  }
  return `"${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}-${bytes.length}"`;
}

/** Chunks named by their content (`chunks/x-ABCD1234.js`) never change: kept a year; the rest are revalidated. */
const cachePolicy = (path: string): string => (/^chunks\/[\w.-]+-[A-Z0-9]{8}\.js$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');

interface Prepared {
  body: Uint8Array;
  headers: Record<string, string>;
  etag: string;
}

/** The page's answers, prepared once; `answer` gives one for a request it serves, undefined for any other. */
export function pageResponder(files: PageFiles): (request: RequestLike) => Response | undefined {
  const prepared = new Map<string, Prepared>();
  for (const [path, file] of files) {
    const etag = etagOf(file.body);
    const headers: Record<string, string> = {
      'content-type': pageContentType(path),
      'cache-control': cachePolicy(path),
      etag,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    if (path.endsWith('.html')) headers['content-security-policy'] = PAGE_CSP;
    prepared.set(path === 'index.html' ? '/' : `/${path}`, { body: file.body, headers, etag });
  }
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const url = request.url;
    // The path of an absolute URL, without its query.
    const afterHost = url.indexOf('/', url.indexOf('//') + 2);
    const path = afterHost < 0 ? '/' : (url.slice(afterHost).split(/[?#]/)[0] as string);
    const file = prepared.get(path);
    if (!file) return undefined;
    if (request.headers.get('if-none-match') === file.etag)
      return new Response(null, { status: 304, headers: { etag: file.etag, 'cache-control': file.headers['cache-control'] as string } });
    const body = request.method === 'HEAD' ? null : (file.body as Uint8Array<ArrayBuffer>);
    return new Response(body, { status: 200, headers: { ...file.headers, 'content-length': String(file.body.length) } });
  };
}

/** `handler` with the page served at `/` and its files at their paths; every other request is the handler's. */
export function withPage(handler: GstHandler, files: PageFiles): GstHandler {
  const answer = pageResponder(files);
  const served = (request: Request, extras?: RequestExtras): Promise<Response> => {
    const page = answer(request);
    return page ? Promise.resolve(page) : handler(request, extras);
  };
  const wrapped: GstHandler = Object.assign(served, {
    ...(handler.basePath === undefined ? {} : { basePath: handler.basePath }),
    methodsAt: (pathname: string): string[] => {
      const own = handler.methodsAt?.(pathname) ?? [];
      return own.length === 0 && answer(new Request(`http://page${pathname}`)) ? ['GET', 'HEAD'] : own;
    },
    ...(handler.readsBodyBytes ? { readsBodyBytes: true } : {}),
  });
  // The node binding's quick way in stays open for the API's requests.
  const light = lightEntryOf(handler);
  if (light)
    setLightEntry(wrapped, (request, extras) => {
      const page = answer(request);
      return page ? Promise.resolve(page) : light(request, extras);
    });
  return wrapped;
}
