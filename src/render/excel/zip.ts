/**
 * A small streaming zip writer: entries are deflated as they are written, so only a window of the output
 * is held in memory. Local headers use data descriptors (sizes follow the data); ZIP64 records are added
 * to the central directory when offsets or the entry count need them. Entries are deflated by node:zlib's
 * streams (off the main thread) where the runtime has them, and by fflate elsewhere (browsers, Workers).
 * @module
 */
import { Deflate, type DeflateOptions } from 'fflate';
import { crc32 } from '../../platform/deflate.js';
import { nodeBuiltin } from '../../platform/node-builtin.js';
import { concatBytes } from '../../platform/bytes.js';

export { crc32 };

/** Where the bytes of a file go. A returned promise means "wait before writing more". */
export interface ByteSink {
  write(chunk: Uint8Array): void | Promise<void>;
  /** Called once after the last chunk. */
  close?(): void | Promise<void>;
}

/** The part of a node:zlib deflate stream the writer uses. */
interface NodeDeflateStream {
  write(chunk: Uint8Array): boolean;
  end(): void;
  on(event: 'data', listener: (chunk: Uint8Array) => void): void;
  on(event: 'end', listener: () => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  once(event: 'drain', listener: () => void): void;
  pause(): void;
  resume(): void;
}

interface NodeZlibStreams {
  createDeflateRaw(options: { level: number; chunkSize: number; writableHighWaterMark: number }): NodeDeflateStream;
}

/** One entry's compressor: fed the entry's bytes, it hands each compressed piece to the writer's output. */
interface EntryDeflater {
  write(data: Uint8Array): void | Promise<void>;
  /** Flushes the rest; every compressed byte has been handed over when it resolves. */
  end(): Promise<void>;
}

/** node:zlib's raw deflate stream, paused while the sink asks to wait. */
function nodeDeflater(zlib: NodeZlibStreams, level: number, output: (chunk: Uint8Array) => void | Promise<void>): EntryDeflater {
  const deflate = zlib.createDeflateRaw({ level, chunkSize: 256 * 1024, writableHighWaterMark: 8 * 1024 * 1024 });
  let failure: Error | undefined;
  deflate.on('error', (err) => (failure = err));
  deflate.on('data', (chunk) => {
    const p = output(chunk);
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
  return {
    write(data) {
      if (failure) throw failure;
      if (!deflate.write(data)) return new Promise<void>((resolve) => deflate.once('drain', resolve));
    },
    async end() {
      deflate.end();
      await ended;
      if (failure) throw failure;
    },
  };
}

/** fflate's raw deflate (its `Deflate`), which compresses as it is fed: the writer waits for the sink after each piece. */
function portableDeflater(level: number, output: (chunk: Uint8Array) => void | Promise<void>): EntryDeflater {
  const waits: Promise<void>[] = [];
  const deflate = new Deflate({ level: Math.min(9, Math.max(0, Math.round(level))) as DeflateOptions['level'] }, (chunk) => {
    const p = output(chunk);
    if (p) waits.push(p);
  });
  const settle = (): void | Promise<void> => {
    if (waits.length > 0) return Promise.all(waits.splice(0)).then(() => undefined);
  };
  return {
    write(data) {
      deflate.push(data, false);
      return settle();
    },
    async end() {
      deflate.push(new Uint8Array(0), true);
      await settle();
    },
  };
}

/** A little-endian record of `size` bytes, written field by field. */
function record(size: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(size);
  return { bytes, view: new DataView(bytes.buffer) };
}

/** The largest entry size the writer accepts (the 32-bit data descriptor limit). */
export const MAX_ENTRY_BYTES = 0xffffffff - 1;

interface Entry {
  name: Uint8Array;
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

  private localHeader(e: Entry): Uint8Array {
    const { bytes, view } = record(30 + e.name.length);
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(4, 20, true);
    view.setUint16(6, 0x0008, true);
    view.setUint16(8, 8, true);
    view.setUint16(10, e.dosTime, true);
    view.setUint16(12, e.dosDate, true);
    // crc and sizes follow in the data descriptor
    view.setUint16(26, e.name.length, true);
    view.setUint16(28, 0, true);
    bytes.set(e.name, 30);
    return bytes;
  }

  /** Opens a streamed, deflated entry; close it before opening the next one. */
  async openEntry(name: string): Promise<EntryWriter> {
    if (this.open) throw new Error('zip: an entry is still open');
    this.open = true;
    const e: Entry = {
      name: new TextEncoder().encode(name),
      offset: this.offset,
      crc: 0,
      compressed: 0,
      size: 0,
      dosTime: this.dosTime,
      dosDate: this.dosDate,
    };
    await this.out(this.localHeader(e));
    const output = (chunk: Uint8Array): void | Promise<void> => {
      e.compressed += chunk.length;
      return this.out(chunk);
    };
    const zlib = nodeBuiltin<NodeZlibStreams>('node:zlib');
    const deflate = zlib ? nodeDeflater(zlib, this.level, output) : portableDeflater(this.level, output);
    const self = this;
    const writer: EntryWriter = {
      get size() {
        return e.size;
      },
      write(data: string | Uint8Array): void | Promise<void> {
        const buf = typeof data === 'string' ? utf8Bytes(data) : data;
        if (e.size + buf.length > MAX_ENTRY_BYTES) throw new Error(`zip: entry ${name} would pass 4 GB`);
        e.size += buf.length;
        e.crc = crc32(buf, e.crc);
        return deflate.write(buf);
      },
      async close(): Promise<void> {
        await deflate.end();
        const { bytes, view } = record(16);
        view.setUint32(0, 0x08074b50, true);
        view.setUint32(4, e.crc >>> 0, true);
        view.setUint32(8, e.compressed, true);
        view.setUint32(12, e.size, true);
        await self.out(bytes);
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
    const parts: Uint8Array[] = [];
    for (const e of this.entries) {
      const big = e.offset >= 0xffffffff;
      const extra = record(big ? 12 : 0);
      if (big) {
        extra.view.setUint16(0, 0x0001, true);
        extra.view.setUint16(2, 8, true);
        extra.view.setBigUint64(4, BigInt(e.offset), true);
      }
      const { bytes, view } = record(46);
      view.setUint32(0, 0x02014b50, true);
      view.setUint16(4, big ? 45 : 20, true);
      view.setUint16(6, big ? 45 : 20, true);
      view.setUint16(8, 0x0008, true);
      view.setUint16(10, 8, true);
      view.setUint16(12, e.dosTime, true);
      view.setUint16(14, e.dosDate, true);
      view.setUint32(16, e.crc >>> 0, true);
      view.setUint32(20, e.compressed, true);
      view.setUint32(24, e.size, true);
      view.setUint16(28, e.name.length, true);
      view.setUint16(30, extra.bytes.length, true);
      view.setUint32(42, big ? 0xffffffff : e.offset, true);
      parts.push(bytes, e.name, extra.bytes);
    }
    const cd = concatBytes(parts);
    await this.out(cd);
    const cdSize = cd.length;
    const count = this.entries.length;
    const zip64 = cdStart >= 0xffffffff || count >= 0xffff || cdSize >= 0xffffffff;
    if (zip64) {
      const { bytes, view } = record(56 + 20);
      const at = this.offset;
      view.setUint32(0, 0x06064b50, true);
      view.setBigUint64(4, 44n, true);
      view.setUint16(12, 45, true);
      view.setUint16(14, 45, true);
      view.setBigUint64(24, BigInt(count), true);
      view.setBigUint64(32, BigInt(count), true);
      view.setBigUint64(40, BigInt(cdSize), true);
      view.setBigUint64(48, BigInt(cdStart), true);
      view.setUint32(56, 0x07064b50, true);
      view.setBigUint64(64, BigInt(at), true);
      view.setUint32(72, 1, true);
      await this.out(bytes);
    }
    const { bytes: end, view } = record(22);
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, zip64 ? 0xffff : count, true);
    view.setUint16(10, zip64 ? 0xffff : count, true);
    view.setUint32(12, zip64 ? 0xffffffff : cdSize, true);
    view.setUint32(16, zip64 ? 0xffffffff : cdStart, true);
    await this.out(end);
    if (this.sink.close) await this.sink.close();
  }
}

/** Node's Buffer where the runtime has one: it encodes the many short strings of a sheet faster than TextEncoder. */
const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'utf8'): Uint8Array } }).Buffer;
const utf8 = new TextEncoder();
const utf8Bytes = (text: string): Uint8Array => (NodeBuffer ? NodeBuffer.from(text, 'utf8') : utf8.encode(text));

/** A sink that keeps every chunk; `bytes()` joins them. */
export function memorySink(): ByteSink & { bytes(): Uint8Array; readonly length: number } {
  const chunks: Uint8Array[] = [];
  let length = 0;
  return {
    write(chunk) {
      // A copy: the caller may reuse its buffer.
      chunks.push(chunk.slice());
      length += chunk.length;
    },
    get length() {
      return length;
    },
    bytes() {
      const all = concatBytes(chunks);
      chunks.length = 0;
      chunks.push(all);
      return all;
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
