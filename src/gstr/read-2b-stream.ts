/**
 * A GSTR-2B read from its JSON text as the text arrives, in chunks: each supplier entry of each section is
 * parsed and turned into documents on its own, so neither the file's text nor its parsed tree is ever held
 * whole (a month of a million documents is hundreds of MB of JSON). The documents and every value read
 * are those of {@link readGstr2b}, in the same order; the documents come from the same reader.
 * @module
 */
import type { Issue, Outcome } from '../issue.js';
import { DOCUMENT_BLOCKS, SECTION_LISTS } from './gstr2b-sections.js';
import { JsonSplitter } from './json-splitter.js';
import {
  type DocumentReader,
  documentReader,
  type Gstr2bHead,
  type Gstr2bResult,
  type Part,
  readHead,
  rest,
  SECTION_OF,
  warnUnknownBlocks,
} from './read-2b.js';
import { isObject, type Json, ReadContext, readCodes, toJson } from './read-common.js';
import type { InwardDocument } from './types.js';

/** A GSTR-2B being read from text given in pieces. */
export interface Gstr2bTextReading {
  /** The next piece of the JSON text, of any size (a file stream's chunks, decoded). */
  push(text: string): void;
  /** The text has ended: the GSTR-2B as {@link readGstr2b} reads it, or the errors met. */
  end(): Outcome<Gstr2bResult>;
}

/** Where a split list sits: whether under `data`, in which block, which section. */
interface ListPlace {
  underData: boolean;
  block: string;
  key: string;
}

const HEAD_KEYS = ['gstin', 'rtnprd', 'ret_period', 'fp', 'gendt', 'version'];
const PERIOD_KEYS = ['rtnprd', 'ret_period', 'fp'];
const BLOCKS: readonly string[] = DOCUMENT_BLOCKS;
const PART_OF: Readonly<Record<string, Part>> = { docdata: 'statement', docRejdata: 'rejected' };

function placeOf(path: readonly string[]): ListPlace | undefined {
  const underData = path.length === 3 && path[0] === 'data';
  if (path.length !== 2 && !underData) return undefined;
  const block = path[path.length - 2]!;
  const key = path[path.length - 1]!;
  if (!BLOCKS.includes(block) || !Object.hasOwn(SECTION_LISTS, key)) return undefined;
  return { underData, block, key };
}

/**
 * Opens a GSTR-2B for reading from JSON text in pieces (the CLI feeds it a file stream's chunks). The
 * header (GSTIN, period) is read as it passes; a file that puts its documents before its header is still
 * read right, its entries kept as text until the header comes. Never throws.
 */
export function openGstr2bText(expect?: { gstin?: string; period?: string }): Gstr2bTextReading {
  const ctx = new ReadContext();
  // Documents by where their list sits; a list under `data` and one beside it are kept apart until the
  // end says which the return is (a file with `data` is read from `data` alone).
  const found = new Map<string, InwardDocument[]>();
  // The issues met in each list's entries, given back in the whole-file reader's order at the end.
  const issuesOf = new Map<string, Issue[]>();
  const readers = new Map<boolean, { head: Gstr2bHead; reader: DocumentReader }>();
  const waiting: Array<{ place: ListPlace; index: number; text: string }> = [];
  let broken: string | undefined;

  const splitter = new JsonSplitter({
    splits: (path) => placeOf(path) !== undefined,
    element(path, index, text) {
      const place = placeOf(path)!;
      const reading = readerFromScalars(place.underData);
      if (reading) take(reading.reader, place, index, text);
      else waiting.push({ place, index, text });
    },
  });

  /** The reader of the return's documents, once its header has passed (read from the kept members). */
  function readerFromScalars(underData: boolean): { head: Gstr2bHead; reader: DocumentReader } | undefined {
    const known = readers.get(underData);
    if (known) return known;
    const header: Json = {};
    for (const key of HEAD_KEYS) {
      const raw = splitter.scalars.get(underData ? `data/${key}` : key);
      if (raw !== undefined) header[key] = JSON.parse(raw);
    }
    if (header.gstin === undefined || !PERIOD_KEYS.some((k) => header[k] !== undefined)) return undefined;
    return start(underData, header);
  }

  function start(underData: boolean, header: Json): { head: Gstr2bHead; reader: DocumentReader } {
    const head = readHead(ctx, header, underData ? '/data' : '', expect);
    const reading = { head, reader: documentReader(ctx, head) };
    readers.set(underData, reading);
    return reading;
  }

  function take(reader: DocumentReader, place: ListPlace, index: number, text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      broken ??= (e as Error).message;
      return;
    }
    const where = `${place.underData}|${place.block}|${place.key}`;
    let list = found.get(where);
    if (!list) {
      list = [];
      found.set(where, list);
    }
    const errors = ctx.errors.length;
    const warnings = ctx.warnings.length;
    const hp = (place.underData ? '/data/' : '/') + place.block;
    for (const doc of reader.entry(place.key, value, index, hp, PART_OF[place.block]!)) list.push(doc);
    if (ctx.errors.length === errors && ctx.warnings.length === warnings) return;
    let issues = issuesOf.get(where);
    if (!issues) {
      issues = [];
      issuesOf.set(where, issues);
    }
    for (const issue of ctx.errors.splice(errors)) issues.push(issue);
    for (const issue of ctx.warnings.splice(warnings)) issues.push(issue);
  }

  /** Gives back a list's issues where the whole-file reader meets them. */
  function restore(where: string): void {
    for (const issue of issuesOf.get(where) ?? []) {
      if (issue.severity === 'error') ctx.fail(issue.code, issue.message, issue.path);
      else ctx.warn(issue.code, issue.message, issue.path);
    }
    issuesOf.delete(where);
  }

  return {
    push(text) {
      if (broken !== undefined) return;
      try {
        splitter.push(text);
      } catch (e) {
        broken = (e as Error).message;
      }
    },
    end() {
      let skeleton = '';
      if (broken === undefined) {
        try {
          skeleton = splitter.end();
        } catch (e) {
          broken = (e as Error).message;
        }
      }
      if (broken !== undefined) {
        ctx.fail(readCodes.notJson, `the file is not JSON: ${broken}`, '');
        return { ok: false, errors: ctx.errors };
      }
      // The file without its split lists: its header, its summary, and whatever was not split.
      const top = toJson(skeleton, ctx);
      if (top === undefined) return { ok: false, errors: ctx.errors };
      const underData = top.data !== undefined;
      if (underData && !isObject(top.data)) {
        ctx.fail(readCodes.badShape, 'data should be an object', '/data');
        return { ok: false, errors: ctx.errors };
      }
      const root = underData ? (top.data as Json) : top;
      const base = underData ? '/data' : '';
      const { head, reader } = readers.get(underData) ?? start(underData, root);
      for (const w of waiting) if (w.place.underData === underData) take(reader, w.place, w.index, w.text);
      waiting.length = 0;
      if (broken !== undefined) {
        ctx.fail(readCodes.notJson, `the file is not JSON: ${broken}`, '');
        return { ok: false, errors: ctx.errors };
      }
      warnUnknownBlocks(ctx, root, base);
      const documents: InwardDocument[] = [];
      for (const block of BLOCKS) {
        const holder = ctx.object(root, block, base);
        if (!holder) continue;
        // The split sections in the reader's order, then what the holder kept (the ITC-reversal lists, and
        // sections of another shape, which the reader reports as it always has).
        for (const key of Object.keys(SECTION_OF)) {
          const where = `${underData}|${block}|${key}`;
          const list = found.get(where);
          if (list) for (const doc of list) documents.push(doc);
          found.delete(where);
          restore(where);
        }
        for (const doc of reader.sections(holder, `${base}/${block}`, PART_OF[block]!)) documents.push(doc);
      }
      const ended = rest(ctx, root, base, head);
      return ended.ok ? { ok: true, value: { ...ended.value, documents } } : ended;
    },
  };
}
