/**
 * JSON text parsed so that its big lists stay text until an element is asked for. A stored month of
 * GSTR-2B (42,000 documents, about 9 MB of JSON) parsed whole is about 60 MB of objects alive at once
 * beside the documents read from it; parsed this way, a reader walking a list holds one element's
 * objects at a time, and the text itself (a few MB) is all that stays.
 *
 * A list whose text is longer than {@link LAZY_CHARS} (and is not inside another such list) becomes a
 * real array to `Array.isArray`, `length`, `forEach`, `map`, `for...of` and indexing, but each access
 * parses that element from the text again (an element that is itself long is parsed the same way), so a
 * caller that keeps elements keeps them, and one that walks the list twice parses it twice.
 * @module
 */

import { BACKSLASH, CLOSE_LIST, CLOSE_OBJECT, COMMA, OPEN_LIST, OPEN_OBJECT, QUOTE } from './json-chars.js';

/** Lists shorter than this (in characters of JSON text) are parsed as usual. */
export const LAZY_CHARS = 64 * 1024;

/** Marks the place of a lazy list in the text parsed without them; a NUL cannot start a GSTN value. */
const PLACEHOLDER = '\u0000lazy-list:';

const lazyLists = new WeakMap<object, { allObjects: boolean }>();

/** The index after the string that opens at `at` (a quote). */
function afterString(text: string, at: number): number {
  let i = at + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === QUOTE) return i + 1;
    else if (Number.isNaN(c)) throw new SyntaxError('unterminated string in JSON text');
    else i++;
  }
}

/** The outermost long lists between `start` and `end`, as [open bracket, close bracket] pairs in order. */
function longLists(text: string, start: number, end: number, minChars: number): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  const opens: number[] = [];
  for (let i = start; i < end; ) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = afterString(text, i);
      continue;
    }
    if (c === OPEN_LIST || c === OPEN_OBJECT) opens.push(i);
    else if (c === CLOSE_OBJECT || c === CLOSE_LIST) {
      const open = opens.pop();
      if (open === undefined || text.charCodeAt(open) !== (c === CLOSE_LIST ? OPEN_LIST : OPEN_OBJECT))
        throw new SyntaxError(`unexpected ${text[i]} in JSON at position ${i}`);
      if (c === CLOSE_LIST && i - open > minChars) {
        // A long list holding long lists: the outer one is kept, the inner ones are its elements' business.
        while (found.length > 0 && found[found.length - 1]![0] > open) found.pop();
        found.push([open, i]);
      }
    }
    i++;
  }
  return found;
}

/** Where each element of the list between brackets `open` and `close` starts and ends. */
function elementsOf(text: string, open: number, close: number): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  let depth = 0;
  let from = -1;
  let commas = 0;
  const closeElement = (at: number): void => {
    if (from < 0) return;
    let e = at;
    while (e > from && text.charCodeAt(e - 1) <= 0x20) e--;
    starts.push(from);
    ends.push(e);
    from = -1;
  };
  for (let i = open + 1; i < close; ) {
    const c = text.charCodeAt(i);
    if (depth === 0 && from < 0 && c > 0x20 && c !== COMMA) from = i;
    if (c === QUOTE) {
      i = afterString(text, i);
      continue;
    }
    if (c === OPEN_LIST || c === OPEN_OBJECT) depth++;
    else if (c === CLOSE_LIST || c === CLOSE_OBJECT) depth--;
    else if (c === COMMA && depth === 0) {
      // `[,` and `,,`: an element is missing, which JSON.parse would refuse too.
      if (from < 0) throw new SyntaxError(`missing list element in JSON at position ${i}`);
      closeElement(i);
      commas++;
    }
    i++;
  }
  if (from < 0 && commas > 0) throw new SyntaxError(`trailing comma in JSON at position ${close}`);
  closeElement(close);
  return { starts, ends };
}

/** A list read from `text` between its brackets, parsing an element each time one is asked for. */
function lazyList(text: string, open: number, close: number, minChars: number): unknown[] {
  const { starts, ends } = elementsOf(text, open, close);
  const at = (i: number): unknown => parseRange(text, starts[i]!, ends[i]!, minChars);
  const index = (key: string | symbol): number => {
    if (typeof key !== 'string') return -1;
    const n = Number(key);
    return Number.isInteger(n) && n >= 0 && n < starts.length && String(n) === key ? n : -1;
  };
  // The target has the right length and no elements; the traps fill them in on the way out.
  const list = new Proxy(new Array<unknown>(starts.length), {
    get(target, key, receiver) {
      const i = index(key);
      return i >= 0 ? at(i) : Reflect.get(target, key, receiver);
    },
    has(target, key) {
      return index(key) >= 0 || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const i = index(key);
      return i >= 0 ? { value: at(i), writable: true, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      return [...starts.map((_, i) => String(i)), ...Reflect.ownKeys(target)];
    },
    set() {
      throw new TypeError('a list read from stored JSON cannot be changed');
    },
    deleteProperty() {
      throw new TypeError('a list read from stored JSON cannot be changed');
    },
    defineProperty() {
      throw new TypeError('a list read from stored JSON cannot be changed');
    },
  });
  lazyLists.set(list, { allObjects: starts.every((s) => text.charCodeAt(s) === OPEN_OBJECT) });
  return list;
}

/** The JSON value between `start` and `end`, its long lists lazy. */
function parseRange(text: string, start: number, end: number, minChars: number): unknown {
  if (end - start <= minChars) return JSON.parse(text.slice(start, end));
  const lists = longLists(text, start, end, minChars);
  if (lists.length === 0) return JSON.parse(text.slice(start, end));
  // The text with each long list replaced by a placeholder string naming it, parsed as usual.
  let rest = '';
  let from = start;
  lists.forEach(([open, close], n) => {
    rest += text.slice(from, open) + JSON.stringify(PLACEHOLDER + n);
    from = close + 1;
  });
  rest += text.slice(from, end);
  const skeleton = JSON.parse(rest) as unknown;
  const made = lists.map(([open, close]) => lazyList(text, open, close, minChars));
  const swap = (v: unknown): unknown => {
    if (typeof v === 'string' && v.startsWith(PLACEHOLDER)) return made[Number(v.slice(PLACEHOLDER.length))] ?? v;
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) v[i] = swap(v[i]);
    else if (typeof v === 'object' && v !== null) for (const k of Object.keys(v)) (v as Record<string, unknown>)[k] = swap((v as Record<string, unknown>)[k]);
    return v;
  };
  return swap(skeleton);
}

/**
 * Parses JSON text as `JSON.parse` would, except that lists longer than `minChars` characters are read
 * from the text each time an element is asked for. Malformed text throws a SyntaxError, here or (inside
 * a lazy list) when the element is read.
 */
export function parseLazily(text: string, minChars = LAZY_CHARS): unknown {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return parseRange(text, start, end, minChars);
}

/**
 * Whether `list` is one of {@link parseLazily}'s lists whose elements are all objects (told from the text,
 * without parsing them): a reader can walk it as it is rather than gather its elements.
 */
export function isLazyListOfObjects(list: unknown): boolean {
  return typeof list === 'object' && list !== null && lazyLists.get(list)?.allObjects === true;
}
