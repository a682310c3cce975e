/**
 * Byte arrays joined into one, for the core's writers and readers (the xlsx zip, the QR PNG, a PDF logo's
 * image data) where Node's Buffer.concat may not exist.
 * @module
 */

/** The pieces one after another in a new array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}
