/**
 * Text whose code points are all below 256 as one byte each, and back: the encoding of PDF syntax. Node's
 * Buffer does it natively where the runtime has one; elsewhere a loop does (a browser's TextDecoder
 * 'latin1' is windows-1252, which differs from 0x80 to 0x9F).
 * @module
 */

interface BufferClass {
  from(text: string, encoding: 'latin1'): Uint8Array;
  from(buffer: ArrayBufferLike, offset: number, length: number): Uint8Array & { toString(encoding: 'latin1'): string };
}

const NodeBuffer = (globalThis as { Buffer?: BufferClass }).Buffer;

/** Each character's low byte (callers give only characters below 256). */
export function latin1Bytes(text: string): Uint8Array {
  if (NodeBuffer) return NodeBuffer.from(text, 'latin1');
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Each byte as the character of that code point. */
export function latin1Text(bytes: Uint8Array): string {
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let text = '';
  // In slices, as String.fromCharCode takes its bytes as arguments and a runtime limits their number.
  for (let at = 0; at < bytes.length; at += 8192) text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return text;
}
