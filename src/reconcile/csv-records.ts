/**
 * CSV text split into records (RFC 4180: quoted fields, doubled quotes, CRLF or LF), fed in chunks of any
 * size: a register of a million rows is read as it arrives, one record handed on at a time, and never
 * held as a list of every record.
 * @module
 */

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;

/** Splits CSV text given in chunks; each complete record goes to `take` as soon as its line ends. */
export class CsvRecordSplitter {
  private row: string[] = [];
  /** The current field's text before the segment still in the chunk. */
  private field = '';
  private quoted = false;
  /** The last chunk ended on a quote inside a quoted field: the next character says which quote it was. */
  private quotePending = false;
  /** The last chunk ended on a CR: a LF opening the next belongs to the same line end. */
  private crPending = false;
  private started = false;

  constructor(private readonly take: (record: string[]) => void) {}

  push(chunk: string): void {
    const n = chunk.length;
    let i = 0;
    if (!this.started && n > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === BOM) i = 1;
    }
    if (this.crPending && i < n) {
      this.crPending = false;
      if (chunk.charCodeAt(i) === LF) i++;
    }
    if (this.quotePending && i < n) {
      this.quotePending = false;
      if (chunk.charCodeAt(i) === QUOTE) {
        this.field += '"';
        i++;
      } else this.quoted = false;
    }
    // Field text is taken as slices of the chunk from `start`, not a character at a time.
    let start = i;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (this.quoted) {
        if (c !== QUOTE) continue;
        this.field += chunk.slice(start, i);
        if (i + 1 === n) this.quotePending = true;
        else if (chunk.charCodeAt(i + 1) === QUOTE) {
          this.field += '"';
          i++;
        } else this.quoted = false;
        start = i + 1;
      } else if (c === QUOTE && this.field === '' && start === i) {
        // A quote opens a quoted field only at the field's start.
        this.quoted = true;
        start = i + 1;
      } else if (c === COMMA) {
        this.row.push(this.field + chunk.slice(start, i));
        this.field = '';
        start = i + 1;
      } else if (c === LF || c === CR) {
        this.row.push(this.field + chunk.slice(start, i));
        this.field = '';
        if (c === CR) {
          if (i + 1 === n) this.crPending = true;
          else if (chunk.charCodeAt(i + 1) === LF) i++;
        }
        this.endRecord();
        start = i + 1;
      }
    }
    if (start < n) this.field += chunk.slice(start, n);
  }

  /** The text has ended: the last record, when the text does not end with a line end. */
  end(): void {
    if (this.quotePending) {
      this.quotePending = false;
      this.quoted = false;
    }
    if (this.field !== '' || this.row.length > 0) {
      this.row.push(this.field);
      this.field = '';
      this.endRecord();
    }
  }

  private endRecord(): void {
    // An empty line is no record.
    if (this.row.length > 1 || this.row[0] !== '') this.take(this.row);
    this.row = [];
  }
}

/** Splits CSV text into records (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  const splitter = new CsvRecordSplitter((record) => out.push(record));
  splitter.push(text);
  splitter.end();
  return out;
}
