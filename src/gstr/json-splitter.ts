/**
 * JSON text fed in chunks and split as it arrives: the elements of chosen lists (a GSTR-2B's supplier
 * entries) are handed on one at a time as their own JSON text, and the rest of the file is kept as a small
 * skeleton in which those lists are empty. A file of a million documents is then never held whole, as text
 * or as objects. The primitive members of the outer objects (a return's GSTIN and period) are kept as they
 * pass, so a reader knows them before the first list element arrives.
 * @module
 */

import { BACKSLASH, CLOSE_LIST, CLOSE_OBJECT, COMMA, OPEN_LIST, OPEN_OBJECT, QUOTE, COLON } from './json-chars.js';

const BOM = 0xfeff;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

interface Frame {
  list: boolean;
  /** An object's member key being read or whose value is being read. */
  key: string | undefined;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

/** Where the splitter hands things on. */
export interface JsonSplitTarget {
  /** Whether the elements of the list at `path` (the member keys leading to it) are to be split off. */
  splits(path: readonly string[]): boolean;
  /** One element of a split list: the keys leading to the list, its position, and its JSON text. */
  element(path: readonly string[], index: number, text: string): void;
}

/** A syntax error met while splitting (the skeleton's own syntax is checked when it is parsed). */
export class JsonSplitError extends Error {}

export class JsonSplitter {
  private readonly frames: Frame[] = [];
  private skeleton: string[] = [];
  /** Primitive members of the objects at depth 1 and 2, by their path joined with `/`. */
  readonly scalars = new Map<string, string>();

  private started = false;
  private inString = false;
  private escaped = false;
  /** The raw text of a key, or of a captured primitive, being read across chunks. */
  private token: string | undefined;
  private tokenIsKey = false;

  // Inside a split list.
  private splitPath: string[] | undefined;
  private splitIndex = 0;
  private depth = 0;
  private element = '';
  private elementStarted = false;

  constructor(private readonly target: JsonSplitTarget) {}

  push(chunk: string): void {
    let i = 0;
    const n = chunk.length;
    if (!this.started && n > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === BOM) i = 1;
    }
    while (i < n) {
      i = this.splitPath ? this.inList(chunk, i) : this.outside(chunk, i);
    }
  }

  /** The chunks have ended: the skeleton's text (the file with the split lists empty). */
  end(): string {
    if (this.splitPath || this.inString || this.frames.length > 0) throw new JsonSplitError('the JSON text ends before its last value is closed');
    const text = this.skeleton.join('');
    this.skeleton = [];
    return text;
  }

  private path(): string[] {
    const out: string[] = [];
    for (const f of this.frames) out.push(f.list ? '' : (f.key ?? ''));
    return out;
  }

  /** Skeleton text: tracks the keys leading to each value, copies it, and opens split lists. */
  private outside(chunk: string, from: number): number {
    const n = chunk.length;
    for (let i = from; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.token !== undefined) {
            this.finishToken(chunk.slice(from, i + 1));
            from = i + 1;
          }
        }
        continue;
      }
      if (this.token !== undefined) {
        // A number or literal ends at a delimiter.
        if (c !== COMMA && c !== CLOSE_OBJECT && c !== CLOSE_LIST && !isSpace(c)) continue;
        this.finishToken(chunk.slice(from, i));
        from = i;
      }
      const top = this.frames[this.frames.length - 1];
      const inObject = top !== undefined && !top.list;
      if (c === QUOTE) {
        this.inString = true;
        // Keys are read at every depth (they make the path); string members only in the outer objects.
        if (inObject && (top.expectKey || this.frames.length <= 2)) from = this.startToken(top.expectKey, chunk, from, i);
      } else if (c === COLON) {
        if (inObject) top.expectKey = false;
      } else if (c === COMMA) {
        if (inObject) top.expectKey = true;
      } else if (c === OPEN_OBJECT) {
        this.frames.push({ list: false, key: undefined, expectKey: true });
      } else if (c === OPEN_LIST) {
        const path = this.path();
        if (inObject && this.target.splits(path)) {
          this.skeleton.push(chunk.slice(from, i + 1));
          this.splitPath = path;
          this.splitIndex = 0;
          this.depth = 0;
          this.element = '';
          this.elementStarted = false;
          return i + 1;
        }
        this.frames.push({ list: true, key: undefined, expectKey: false });
      } else if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
        const closed = this.frames.pop();
        if (!closed || closed.list !== (c === CLOSE_LIST)) throw new JsonSplitError(`unexpected ${String.fromCharCode(c)} in the JSON text`);
      } else if (!isSpace(c) && inObject && !top.expectKey && this.frames.length <= 2) {
        // A number or literal member of an outer object: kept whole once it ends.
        from = this.startToken(false, chunk, from, i);
      }
    }
    if (this.token !== undefined) this.token += chunk.slice(from, n);
    else if (n > from) this.skeleton.push(chunk.slice(from, n));
    return n;
  }

  /** Copies the skeleton text before a key or outer member that starts at `at`, and returns `at`. */
  private startToken(isKey: boolean, chunk: string, from: number, at: number): number {
    if (at > from) this.skeleton.push(chunk.slice(from, at));
    this.token = '';
    this.tokenIsKey = isKey;
    return at;
  }

  private finishToken(tail: string): void {
    const raw = (this.token ?? '') + tail;
    this.token = undefined;
    this.skeleton.push(raw);
    const top = this.frames[this.frames.length - 1]!;
    if (this.tokenIsKey) top.key = JSON.parse(raw) as string;
    else this.scalars.set(this.path().join('/'), raw);
  }

  /** Inside a split list: hands on each element's text, tracking only nesting and strings. */
  private inList(chunk: string, from: number): number {
    const n = chunk.length;
    let start = from;
    for (let i = from; i < n; i++) {
      if (this.inString) {
        i = this.afterString(chunk, i) - 1;
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (!this.elementStarted) {
        if (isSpace(c)) {
          start = i + 1;
          continue;
        }
        if (c === CLOSE_LIST && this.splitIndex === 0) return this.closeList(i);
        this.elementStarted = true;
        start = i;
      }
      if (c === QUOTE) {
        this.inString = true;
        i = this.afterString(chunk, i + 1) - 1;
      } else if (c === OPEN_OBJECT || c === OPEN_LIST) this.depth++;
      else if ((c === CLOSE_OBJECT || c === CLOSE_LIST) && this.depth > 0) this.depth--;
      else if (this.depth === 0 && (c === COMMA || c === CLOSE_LIST)) {
        const text = (this.element + chunk.slice(start, i)).trimEnd();
        this.element = '';
        this.elementStarted = false;
        if (text === '') throw new JsonSplitError('an empty element in a JSON list');
        this.target.element(this.splitPath!, this.splitIndex++, text);
        start = i + 1;
        if (c === CLOSE_LIST) return this.closeList(i);
      }
    }
    if (this.elementStarted) this.element += chunk.slice(start, n);
    return n;
  }

  /**
   * Inside a string from `from`: the index after its closing quote, or the chunk's length when the string
   * goes on into the next chunk. Jumps from quote to quote rather than looking at every character (most
   * of a GSTR-2B's text is inside strings); a quote after an odd run of backslashes is escaped.
   */
  private afterString(chunk: string, from: number): number {
    const n = chunk.length;
    let j = from;
    if (this.escaped) {
      this.escaped = false;
      j++;
    }
    for (;;) {
      const q = chunk.indexOf('"', j);
      const end = q < 0 ? n : q;
      let backslashes = 0;
      for (let k = end - 1; k >= j && chunk.charCodeAt(k) === BACKSLASH; k--) backslashes++;
      if (q < 0) {
        // The string goes on: a backslash left open escapes the next chunk's first character.
        this.escaped = backslashes % 2 === 1;
        return n;
      }
      if (backslashes % 2 === 0) {
        this.inString = false;
        return q + 1;
      }
      j = q + 1;
    }
  }

  private closeList(at: number): number {
    this.skeleton.push(']');
    this.splitPath = undefined;
    return at + 1;
  }
}
