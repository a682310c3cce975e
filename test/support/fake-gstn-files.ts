/**
 * The fake GSTN's large files, written from the published description: each part a .tar.gz whose one
 * file holds, as base64 text, the AES-256-ECB (under the file key `ek`) of the base64 of a JSON section;
 * its SHA-256 (hex) goes in FILEDET's `hash`. The tar writer is a plain ustar one.
 */
import { createCipheriv, createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(512, 0);
  block.write(name, 0, 100, 'utf8');
  block.write('0000644\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(size.toString(8).padStart(11, '0') + '\0', 124, 'ascii');
  block.write('00000000000\0', 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of block) sum += b;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return block;
}

/** A ustar archive of the given files. */
export function writeTar(files: Array<{ name: string; content: Buffer }>): Buffer {
  const blocks: Buffer[] = [];
  for (const f of files) {
    blocks.push(header(f.name, f.content.length), f.content);
    const pad = (512 - (f.content.length % 512)) % 512;
    if (pad) blocks.push(Buffer.alloc(pad, 0));
  }
  blocks.push(Buffer.alloc(1024, 0));
  return Buffer.concat(blocks);
}

/** One part: the section JSON encrypted under `ek`, as base64 text in a tar.gz; with its SHA-256 hex. */
export function filePart(ek: Buffer, name: string, section: unknown): { bytes: Buffer; hash: string } {
  const base64 = Buffer.from(JSON.stringify(section), 'utf8').toString('base64');
  const cipher = createCipheriv('aes-256-ecb', ek, null);
  const encrypted = Buffer.concat([cipher.update(base64, 'utf8'), cipher.final()]).toString('base64');
  const bytes = gzipSync(writeTar([{ name, content: Buffer.from(encrypted, 'utf8') }]));
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex') };
}

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN check character (the published mod-36 scheme). */
export function checkChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

/** A valid supplier GSTIN numbered `n`. */
export function supplierGstin(n: number): string {
  const pan = `AAB${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String(n % 10000).padStart(4, '0')}C`;
  const first14 = `27${pan}1Z`;
  return first14 + checkChar(first14);
}

/** `count` GSTR-2A B2B invoices from `from` on, grouped by supplier (50 invoices each). */
export function b2bInvoices(from: number, count: number): Array<Record<string, unknown>> {
  const suppliers: Array<Record<string, unknown>> = [];
  let current: { ctin: string; inv: unknown[] } | undefined;
  for (let i = from; i < from + count; i++) {
    const supplier = Math.floor(i / 50);
    if (!current || current.ctin !== supplierGstin(supplier)) {
      current = { ctin: supplierGstin(supplier), inv: [] };
      suppliers.push({ ctin: current.ctin, cfs: 'Y', cfs3b: 'Y', fldtr1: '11-Oct-26', flprdr1: 'Sep-26', inv: current.inv });
    }
    const txval = 1000 + (i % 97) * 10;
    current.inv.push({
      chksum: createHash('sha256').update(String(i)).digest('hex').slice(0, 16),
      inum: `INV/${i}`,
      idt: '15-09-2026',
      val: txval * 1.18,
      pos: '29',
      rchrg: 'N',
      inv_typ: 'R',
      itms: [{ num: 1, itm_det: { rt: 18, txval, iamt: txval * 0.18, camt: 0, samt: 0, csamt: 0 } }],
    });
  }
  return suppliers;
}
