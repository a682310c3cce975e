/**
 * A small reader of tar archives (POSIX ustar and the GNU and pax forms GSTN's files may use): it yields
 * each regular file's name and bytes. A damaged archive (bad header checksum, a size past the end) throws,
 * so a part that is not what it claims is refused rather than half read.
 * @module
 */

const BLOCK = 512;

export interface TarEntry {
  name: string;
  content: Buffer;
}

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString('utf8');
}

function octal(block: Buffer, start: number, length: number): number {
  const field = block.subarray(start, start + length);
  // GNU base-256 sizes (for files over 8 GiB) are refused: no GSTN part comes near.
  if ((field[0] ?? 0) & 0x80) throw new Error('tar: base-256 sizes are not supported');
  const digits = text(block, start, length).trim();
  if (digits === '') return 0;
  if (!/^[0-7]+$/.test(digits)) throw new Error('tar: a numeric field is not octal');
  return Number.parseInt(digits, 8);
}

function checksumOk(block: Buffer): boolean {
  const stored = octal(block, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
  return sum === stored;
}

/** The regular files of a tar archive, in order. */
export function* readTar(archive: Buffer): Generator<TarEntry> {
  let offset = 0;
  let longName: string | undefined;
  let paxName: string | undefined;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return;
    if (!checksumOk(header)) throw new Error('tar: a header checksum is wrong');
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const start = offset + BLOCK;
    const end = start + size;
    if (end > archive.length) throw new Error('tar: an entry runs past the end of the archive');
    const content = archive.subarray(start, end);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'L') {
      longName = text(content, 0, content.length);
      continue;
    }
    if (type === 'x') {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(content.toString('utf8'));
      paxName = path?.[1];
      continue;
    }
    if (type !== '0' && type !== '\0' && type !== '7') {
      longName = paxName = undefined;
      continue;
    }
    const prefix = text(header, 345, 155);
    const name = paxName ?? longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    longName = paxName = undefined;
    yield { name, content };
  }
  if (offset < archive.length && !archive.subarray(offset).every((b) => b === 0)) throw new Error('tar: the archive ends inside a header');
}
