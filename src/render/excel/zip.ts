/**
 * A small streaming zip writer: entries are deflated through node:zlib as they are written, so only a
 * window of the output is held in memory. Local headers use data descriptors (sizes follow the data);
 * ZIP64 records are added to the central directory when offsets or the entry count need them.
 * @module
 */
import zlib from 'node:zlib';

/** Where the bytes of a file go. A returned promise means "wait before writing more". */
export interface ByteSink {
  write(chunk: Uint8Array): void | Promise<void>;
  /** Called once after the last chunk. */
  close?(): void | Promise<void>;
}

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32Js(data: Uint8Array, crc: number): number {
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

const nativeCrc = (zlib as unknown as { crc32?: (d: Uint8Array, v?: number) => number }).crc32;

/** CRC-32 (IEEE) of `data`, continuing from `crc`. Uses node:zlib's when the runtime has it. */
export function crc32(data: Uint8Array, crc = 0): number {
  return nativeCrc ? nativeCrc(data, crc) : crc32Js(data, crc);
}

/** The largest entry size the writer accepts (the 32-bit data descriptor limit). */
export const MAX_ENTRY_BYTES = 0xffffffff - 1;

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
  dosTime: number;
  dosDate: number;
}

/** A zip entry open for streaming writes. */
export interface EntryWriter {
  /** Bytes written into the entry so far (uncompressed). */
  readonly size: number;
  write(data: string | Uint8Array): void | Promise<void>;
  close(): Promise<void>;
}

/** Streams a zip archive into a {@link ByteSink}. */
export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private open = false;
  private readonly dosTime: number;
  private readonly dosDate: number;

  constructor(
    private readonly sink: ByteSink,
    options: { level?: number; date?: Date } = {},
  ) {
    this.level = options.level ?? 1;
    const d = options.date ?? new Date();
    this.dosTime = (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1);
    this.dosDate = (Math.max(0, d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
  }

  private readonly level: number;

  private out(chunk: Uint8Array): void | Promise<void> {
    this.offset += chunk.length;
    return this.sink.write(chunk);
  }

  private localHeader(e: Entry): Buffer {
    const h = Buffer.alloc(30 + e.name.length);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x0008, 6);
    h.writeUInt16LE(8, 8);
    h.writeUInt16LE(e.dosTime, 10);
    h.writeUInt16LE(e.dosDate, 12);
    // crc and sizes follow in the data descriptor
    h.writeUInt16LE(e.name.length, 26);
    h.writeUInt16LE(0, 28);
    e.name.copy(h, 30);
    return h;
  }

  /** Opens a streamed, deflated entry; close it before opening the next one. */
  async openEntry(name: string): Promise<EntryWriter> {
    if (this.open) throw new Error('zip: an entry is still open');
    this.open = true;
    const e: Entry = {
      name: Buffer.from(name, 'utf8'),
      offset: this.offset,
      crc: 0,
      compressed: 0,
      size: 0,
      dosTime: this.dosTime,
      dosDate: this.dosDate,
    };
    await this.out(this.localHeader(e));
    const deflate = zlib.createDeflateRaw({
      level: this.level,
      chunkSize: 256 * 1024,
      writableHighWaterMark: 8 * 1024 * 1024,
    } as zlib.ZlibOptions);
    let failure: Error | undefined;
    deflate.on('error', (err) => (failure = err));
    deflate.on('data', (chunk: Buffer) => {
      e.compressed += chunk.length;
      const p = this.out(chunk);
      if (p) {
        deflate.pause();
        p.then(
          () => deflate.resume(),
          (err: Error) => {
            failure = err;
            deflate.resume();
          },
        );
      }
    });
    const ended = new Promise<void>((resolve, reject) => {
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    const self = this;
    const writer: EntryWriter = {
      get size() {
        return e.size;
      },
      write(data: string | Uint8Array): void | Promise<void> {
        if (failure) throw failure;
        const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        if (e.size + buf.length > MAX_ENTRY_BYTES) throw new Error(`zip: entry ${name} would pass 4 GB`);
        e.size += buf.length;
        e.crc = crc32(buf, e.crc);
        if (!deflate.write(buf)) return new Promise<void>((resolve) => deflate.once('drain', resolve));
      },
      async close(): Promise<void> {
        deflate.end();
        await ended;
        if (failure) throw failure;
        const dd = Buffer.alloc(16);
        dd.writeUInt32LE(0x08074b50, 0);
        dd.writeUInt32LE(e.crc >>> 0, 4);
        dd.writeUInt32LE(e.compressed, 8);
        dd.writeUInt32LE(e.size, 12);
        await self.out(dd);
        self.entries.push(e);
        self.open = false;
      },
    };
    return writer;
  }

  /** Adds a whole (small) entry. */
  async addFile(name: string, data: string | Uint8Array): Promise<void> {
    const w = await this.openEntry(name);
    const p = w.write(data);
    if (p) await p;
    await w.close();
  }

  /** Writes the central directory and closes the sink. */
  async finish(): Promise<void> {
    if (this.open) throw new Error('zip: an entry is still open');
    const cdStart = this.offset;
    const parts: Buffer[] = [];
    for (const e of this.entries) {
      const big = e.offset >= 0xffffffff;
      const extra = big ? Buffer.alloc(12) : Buffer.alloc(0);
      if (big) {
        extra.writeUInt16LE(0x0001, 0);
        extra.writeUInt16LE(8, 2);
        extra.writeBigUInt64LE(BigInt(e.offset), 4);
      }
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(big ? 45 : 20, 4);
      h.writeUInt16LE(big ? 45 : 20, 6);
      h.writeUInt16LE(0x0008, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(e.dosTime, 12);
      h.writeUInt16LE(e.dosDate, 14);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt16LE(extra.length, 30);
      h.writeUInt32LE(big ? 0xffffffff : e.offset, 42);
      parts.push(h, e.name, extra);
    }
    const cd = Buffer.concat(parts);
    await this.out(cd);
    const cdSize = cd.length;
    const count = this.entries.length;
    const zip64 = cdStart >= 0xffffffff || count >= 0xffff || cdSize >= 0xffffffff;
    if (zip64) {
      const z = Buffer.alloc(56 + 20);
      const at = this.offset;
      z.writeUInt32LE(0x06064b50, 0);
      z.writeBigUInt64LE(44n, 4);
      z.writeUInt16LE(45, 12);
      z.writeUInt16LE(45, 14);
      z.writeBigUInt64LE(BigInt(count), 24);
      z.writeBigUInt64LE(BigInt(count), 32);
      z.writeBigUInt64LE(BigInt(cdSize), 40);
      z.writeBigUInt64LE(BigInt(cdStart), 48);
      z.writeUInt32LE(0x07064b50, 56);
      z.writeBigUInt64LE(BigInt(at), 64);
      z.writeUInt32LE(1, 72);
      await this.out(z);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(zip64 ? 0xffff : count, 8);
    end.writeUInt16LE(zip64 ? 0xffff : count, 10);
    end.writeUInt32LE(zip64 ? 0xffffffff : cdSize, 12);
    end.writeUInt32LE(zip64 ? 0xffffffff : cdStart, 16);
    await this.out(end);
    if (this.sink.close) await this.sink.close();
  }
}

/** A sink that keeps every chunk; `bytes()` joins them. */
export function memorySink(): ByteSink & { bytes(): Uint8Array; readonly length: number } {
  const chunks: Uint8Array[] = [];
  let length = 0;
  return {
    write(chunk) {
      chunks.push(Buffer.from(chunk));
      length += chunk.length;
    },
    get length() {
      return length;
    },
    bytes() {
      const all = Buffer.concat(chunks);
      chunks.length = 0;
      chunks.push(all);
      return new Uint8Array(all.buffer, all.byteOffset, all.length);
    },
  };
}

/** A sink over a Node writable stream (a file, an HTTP response), honouring its back-pressure. */
export function streamSink(stream: NodeJS.WritableStream): ByteSink {
  return {
    write(chunk) {
      if (!stream.write(chunk)) return new Promise<void>((resolve) => stream.once('drain', () => resolve()));
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.end(() => resolve());
      });
    },
  };
}
