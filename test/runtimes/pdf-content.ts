/**
 * What the PDF runtime tests compare: a PDF's content as every runtime must draw it.
 * @module
 */
import { expect } from './harness.js';

const latin1 = (bytes: Uint8Array): string => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

/**
 * The PDF's content as every runtime must draw it: each stream inflated (deflate output differs between
 * zlib builds, so the compressed bytes may not), and the text outside the streams with the lengths, byte
 * offsets and document ID that depend on them left out.
 */
export async function drawnContent(bytes: Uint8Array): Promise<string> {
  const text = latin1(bytes);
  const parts: string[] = [];
  const streamAt = />>\s*stream\r?\n/g;
  let last = 0;
  for (let m = streamAt.exec(text); m; m = streamAt.exec(text)) {
    const head = text.slice(last, m.index);
    const length = Number(/\/Length (\d+)/.exec(head.slice(head.lastIndexOf('<<')))?.[1]);
    if (!Number.isSafeInteger(length)) throw new Error(`a stream without a direct /Length at byte ${m.index}`);
    const start = m.index + m[0].length;
    const body = bytes.slice(start, start + length);
    parts.push(head.replace(/\/Length \d+/g, '/Length _'));
    if (head.slice(head.lastIndexOf('<<')).includes('/FlateDecode')) {
      const inflated = new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream('deflate')));
      parts.push(latin1(new Uint8Array(await inflated.arrayBuffer())));
    } else parts.push(latin1(body));
    last = start + length;
    streamAt.lastIndex = last;
  }
  const tail = text.slice(last, text.indexOf('xref', last));
  return parts.join('\n') + tail;
}

export function looksLikePdf(bytes: Uint8Array): void {
  const text = latin1(bytes);
  expect(text.slice(0, 5)).toBe('%PDF-');
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  expect(text).toContain('/Type /Page');
}
