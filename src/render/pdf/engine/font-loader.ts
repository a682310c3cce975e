/**
 * The font loader port: how the PDF renderer gets the bytes of a font file of `fonts/`. The default reads
 * the package's own files with the runtime's node:fs where it has one (Node, Deno, Bun) and fetches them
 * elsewhere (browsers), from a URL written relative to this module, so bundlers that copy
 * `new URL('…', import.meta.url)` assets (Vite, webpack, Parcel) ship the fonts beside the page and a page
 * downloads only the fonts a document needs. Hosts where neither works (Cloudflare Workers, a page whose
 * fonts live elsewhere) give their own loader through {@link useFontLoader}.
 * @module
 */
import { nodeBuiltin } from '../../../platform/node-builtin.js';

/** The bytes of a font file of `fonts/` (`NotoSans-Regular.ttf`); when it rejects, the render rejects with a {@link FontUnavailableError} (SVC-800). */
export type FontLoader = (file: string) => Promise<Uint8Array>;

/** The code of a font that could not be loaded. */
export const FONT_UNAVAILABLE = 'SVC-800';

/** A font the loader could not give: the PDF cannot be drawn without it. */
export class FontUnavailableError extends Error {
  readonly code = FONT_UNAVAILABLE;
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${FONT_UNAVAILABLE}: the font ${file} could not be loaded (${reason}); give the renderer a font loader with useFontLoader`);
    this.name = 'FontUnavailableError';
  }
}

/**
 * Where each font of the package is, relative to this file (src/render/pdf/engine/ and
 * dist/render/pdf/engine/ both sit three levels below the package root). Each URL is written out whole so
 * that bundlers see it; made on demand, as a URL per font is all a page pays for fonts it never draws.
 */
const packagedFonts: Readonly<Record<string, () => URL>> = {
  'NotoSans-Regular.ttf': () => new URL('../../../../fonts/NotoSans-Regular.ttf', import.meta.url),
  'NotoSans-Bold.ttf': () => new URL('../../../../fonts/NotoSans-Bold.ttf', import.meta.url),
  'NotoSansDevanagari-Regular.ttf': () => new URL('../../../../fonts/NotoSansDevanagari-Regular.ttf', import.meta.url),
  'NotoSansBengali-Regular.ttf': () => new URL('../../../../fonts/NotoSansBengali-Regular.ttf', import.meta.url),
  'NotoSansGurmukhi-Regular.ttf': () => new URL('../../../../fonts/NotoSansGurmukhi-Regular.ttf', import.meta.url),
  'NotoSansGujarati-Regular.ttf': () => new URL('../../../../fonts/NotoSansGujarati-Regular.ttf', import.meta.url),
  'NotoSansOriya-Regular.ttf': () => new URL('../../../../fonts/NotoSansOriya-Regular.ttf', import.meta.url),
  'NotoSansTamil-Regular.ttf': () => new URL('../../../../fonts/NotoSansTamil-Regular.ttf', import.meta.url),
  'NotoSansTelugu-Regular.ttf': () => new URL('../../../../fonts/NotoSansTelugu-Regular.ttf', import.meta.url),
  'NotoSansKannada-Regular.ttf': () => new URL('../../../../fonts/NotoSansKannada-Regular.ttf', import.meta.url),
  'NotoSansMalayalam-Regular.ttf': () => new URL('../../../../fonts/NotoSansMalayalam-Regular.ttf', import.meta.url),
};

interface FileReader {
  readFileSync(path: URL): Uint8Array;
}

/** The package's fonts: from the file system where the runtime has one, else fetched. */
export const packageFontLoader: FontLoader = async (file) => {
  const url = packagedFonts[file]?.();
  if (!url) throw new Error(`${file} is not a font of the package`);
  const fs = url.protocol === 'file:' ? nodeBuiltin<FileReader>('node:fs') : undefined;
  if (fs) {
    const bytes = fs.readFileSync(url);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
};

let loader: FontLoader = packageFontLoader;

/**
 * Sets where the PDF renderer gets its fonts from (default {@link packageFontLoader}): for example, on a
 * Worker, a loader that returns fonts bundled as data, or on a page, one that fetches them from a CDN.
 * Fonts already loaded are kept.
 */
export function useFontLoader(next: FontLoader = packageFontLoader): void {
  loader = next;
}

/** The bytes of `file` through the current loader; a failure is a {@link FontUnavailableError}. */
export async function loadFontFile(file: string): Promise<Uint8Array> {
  try {
    return await loader(file);
  } catch (e) {
    throw new FontUnavailableError(file, e instanceof Error ? e.message : String(e));
  }
}
