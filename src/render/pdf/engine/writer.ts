import { latin1Bytes } from '../../../platform/latin1.js';

/**
 * A PDF file written object by object as the document is drawn: a page's content goes out when the
 * page is finished, so a long document holds its output bytes and a few numbers per page, not a tree
 * of objects. Objects are numbered when first referred to and may be written in any order; the
 * cross-reference table at the end lists where each one starts.
 */
export class PdfWriter {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;
  /** Byte offset of each written object, by object number (index 0 is the free-list head). */
  private readonly offsets: number[] = [0];

  constructor() {
    // Header, and a comment of high bytes so tools treat the file as binary.
    this.put(latin1Bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'));
  }

  private put(b: Uint8Array): void {
    this.chunks.push(b);
    this.length += b.length;
  }

  /** Reserves an object number; the object must be written before {@link finish}. */
  reserve(): number {
    this.offsets.push(-1);
    return this.offsets.length - 1;
  }

  private begin(num: number): void {
    if (this.offsets[num] !== -1) throw new Error(`PDF object ${num} is not reserved or already written`);
    this.offsets[num] = this.length;
  }

  /** Writes object `num` with a body in PDF syntax (ASCII). */
  object(num: number, body: string): void {
    this.begin(num);
    this.put(latin1Bytes(`${num} 0 obj\n${body}\nendobj\n`));
  }

  /** Writes object `num` as a stream: `dict` holds the entries besides /Length. */
  stream(num: number, dict: string, data: Uint8Array): void {
    this.begin(num);
    this.put(latin1Bytes(`${num} 0 obj\n<<${dict} /Length ${data.length}>>\nstream\n`));
    this.put(data);
    this.put(latin1Bytes('\nendstream\nendobj\n'));
  }

  /** Writes the cross-reference table and trailer and returns the whole file. */
  finish(root: number, info: number, id: string): Uint8Array {
    const missing = this.offsets.findIndex((o, i) => i > 0 && o < 0);
    if (missing > 0) throw new Error(`PDF object ${missing} was reserved but never written`);
    const start = this.length;
    let xref = `xref\n0 ${this.offsets.length}\n0000000000 65535 f \n`;
    for (let i = 1; i < this.offsets.length; i++) xref += `${String(this.offsets[i]).padStart(10, '0')} 00000 n \n`;
    xref += `trailer\n<< /Size ${this.offsets.length} /Root ${root} 0 R /Info ${info} 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${start}\n%%EOF\n`;
    this.put(latin1Bytes(xref));
    const file = new Uint8Array(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      file.set(chunk, at);
      at += chunk.length;
    }
    return file;
  }
}

/** A text string as UTF-16BE hex with its byte-order mark, the PDF form for any Unicode text. */
export function textString(text: string): string {
  let out = '<FEFF';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `${out}>`;
}

/** A PDF date in UTC: `(D:YYYYMMDDHHmmSSZ)`. */
export function pdfDate(d: Date): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `(D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z)`;
}
