/**
 * The work one payload may ask of {@link validate}: a cheap walk over the raw payload, before the tolerant
 * reader, the schema and the rules look at any line, refuses a payload too deep or with too many entries in
 * a list or fields in an object, or text that is not Unicode; and the issues reported are capped, the last one saying how many more there
 * were. Where the portal has its own limit and code (the IRP's 1,000 ItemList lines, 2173) that is the one used.
 * @module
 */
import { error, pointer, type Issue, type Severity } from '../issue.js';
import { requestKinds, type Kind } from '../kinds.js';
import { svcCodes } from './codes.js';

/** The most lines an IRN request may carry (NIC can raise it per taxpayer); rule 2173 refuses more. */
export const MAX_IRN_LINES = 1000;

/** The bounds, with their defaults. */
export const payloadLimits = {
  /** Nesting of objects and lists; the deepest payload field is 4 levels down. */
  maxDepth: 32,
  /** Entries of a list of a request that has no limit of its own. */
  maxListEntries: 1000,
  /** Fields of one object; the largest block has about 40. */
  maxObjectFields: 1000,
  /** Errors reported, and warnings reported, by one validation; one more issue says how many were left out. */
  maxIssues: 100,
} as const;

interface ListLimit {
  max: number;
  code: string;
  noun: string;
}

/** The portals' own list limits, by kind and by the list's key in any letter case. */
const listLimits: Partial<Record<Kind, Record<string, ListLimit>>> = {
  irn: { itemlist: { max: MAX_IRN_LINES, code: '2173', noun: 'lines' } },
  'payment-qr': { itemlist: { max: MAX_IRN_LINES, code: '2173', noun: 'lines' } },
  // Not the e-waybill's 250 items: that limit is likely, not certain, so rule EWB-ITEMS-MAX warns of it
  // (an error only when strict); its itemList has the general bound of a request's lists.
};

/**
 * Half of a UTF-16 surrogate pair without its other half: JSON can carry it (`"\\ud800"`), Unicode text
 * cannot. And NUL (`"\\u0000"`), which no text field of a portal takes and PostgreSQL cannot store.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/;
/** Any surrogate or NUL: a plain class, much cheaper than the lookarounds above, which run only when it matches. */
const surrogateOrNul = /[\uD800-\uDFFF\u0000]/;
/** Whether text has a lone surrogate or a NUL. */
export const notUnicode = (text: string): boolean => surrogateOrNul.test(text) && loneSurrogate.test(text);

/**
 * Keys already found to be text, remembered so that the field names every payload repeats are not tested
 * again each time (a set lookup of a key costs less than a regular expression). Bounded: past the cap no
 * more are added, and the rest are tested as they come.
 */
const plainKeys = new Set<string>();
const PLAIN_KEYS_CAP = 4096;
function keyNotUnicode(key: string): boolean {
  if (plainKeys.has(key)) return false;
  if (notUnicode(key)) return true;
  if (plainKeys.size < PLAIN_KEYS_CAP) plainKeys.add(key);
  return false;
}

function notText(at: Array<string | number>): Issue {
  return error(
    svcCodes.notUnicode.code,
    'the text has half of a surrogate pair (a lone \\ud800-\\udfff escape) or a NUL (\\u0000): it is not text a portal takes',
    pointer(...at),
  );
}

const isRequest = (kind: Kind): boolean => (requestKinds as readonly string[]).includes(kind);

/**
 * The first bound the raw payload breaks, or none. Visits each value once, depth first, and refuses a
 * nesting deeper than {@link payloadLimits.maxDepth} before going further down, so a 10,000-deep list is
 * refused, not a stack overflow; a list's length is checked before its entries.
 * `checkText` false leaves out the Unicode test of keys and text, for a payload whose text is known to be
 * plain (see validateHandedOver).
 */
export function exceededLimit(kind: Kind, payload: unknown, checkText = true, seen?: PayloadMake): Issue | undefined {
  return firstExceeded(payload, listLimits[kind] ?? {}, isRequest(kind), checkText, seen);
}

/**
 * What the walk of {@link exceededLimit} saw of the payload's objects: `jsonLike` stays true while every
 * object and list it visited was as JSON.parse makes them (a plain object, prototype Object.prototype or
 * null, or an array). Meaningful only when no bound was exceeded (the walk stops at the first).
 */
export interface PayloadMake {
  jsonLike: boolean;
}

/**
 * The same walk for a body that is no payload kind (a purchase register to reconcile, whose rows may be
 * many): nesting, fields of an object and text that is not Unicode, no bound on a list's entries.
 */
export function exceededNesting(payload: unknown): Issue | undefined {
  return firstExceeded(payload, {}, false, true, undefined);
}

function firstExceeded(
  payload: unknown,
  own: Record<string, ListLimit>,
  capLists: boolean,
  checkText: boolean,
  seen: PayloadMake | undefined,
): Issue | undefined {
  if (checkText && typeof payload === 'string' && notUnicode(payload)) return notText([]);
  if (payload === null || typeof payload !== 'object') return undefined;
  return new BoundsWalk(own, capLists, checkText, seen).visit(payload, 0, '');
}

/**
 * The walk of {@link firstExceeded}. It recurses (the depth bound keeps that to {@link payloadLimits.maxDepth}
 * frames) and keeps the keys down to the current value as one stack, so it makes nothing per value visited;
 * a refusal writes its pointer from that stack. Findings come in the same order as a walk that first tests
 * every text of a container (last key first) and then goes down into its children (first key first).
 */
class BoundsWalk {
  private readonly at: Array<string | number> = [];

  constructor(
    private readonly own: Record<string, ListLimit>,
    private readonly capLists: boolean,
    private readonly checkText: boolean,
    private readonly seen: PayloadMake | undefined,
  ) {}

  /** `value` is an object or a list, `key` its key in its container ('' at the root). */
  visit(value: object, depth: number, key: string | number): Issue | undefined {
    if (depth >= payloadLimits.maxDepth) {
      return error(
        svcCodes.tooDeep.code,
        `the payload nests lists and objects more than ${payloadLimits.maxDepth} levels deep`,
        pointer(...this.at.slice(0, 8)),
      );
    }
    if (this.seen) {
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== (Array.isArray(value) ? Array.prototype : Object.prototype) && proto !== null) this.seen.jsonLike = false;
    }
    return Array.isArray(value) ? this.visitList(value, depth, key) : this.visitObject(value as Record<string, unknown>, depth);
  }

  private visitList(value: unknown[], depth: number, key: string | number): Issue | undefined {
    const limit = this.own[depth === 0 ? '' : String(key).toLowerCase()];
    if (limit && value.length > limit.max) {
      return error(limit.code, `${String(key)} has ${value.length} ${limit.noun}; at most ${limit.max} are allowed`, pointer(...this.at));
    }
    if (this.capLists && value.length > payloadLimits.maxListEntries) {
      return error(svcCodes.itemCount.code, `the list has ${value.length} entries; at most ${payloadLimits.maxListEntries} are read`, pointer(...this.at));
    }
    if (this.checkText) {
      for (let i = value.length - 1; i >= 0; i--) {
        const entry: unknown = value[i];
        if (typeof entry === 'string' && notUnicode(entry)) return notText([...this.at, i]);
      }
    }
    for (let i = 0; i < value.length; i++) {
      const entry: unknown = value[i];
      if (entry === null || typeof entry !== 'object') continue;
      this.at.push(i);
      const found = this.visit(entry, depth + 1, i);
      this.at.pop();
      if (found) return found;
    }
    return undefined;
  }

  private visitObject(value: Record<string, unknown>, depth: number): Issue | undefined {
    const keys = Object.keys(value);
    if (keys.length > payloadLimits.maxObjectFields) {
      return error(svcCodes.tooManyFields.code, `the object has ${keys.length} fields; at most ${payloadLimits.maxObjectFields} are read`, pointer(...this.at));
    }
    if (this.checkText) {
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const child = value[key];
        if (keyNotUnicode(key) || (typeof child === 'string' && notUnicode(child))) return notText([...this.at, key]);
      }
    }
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const child = value[key];
      if (child === null || typeof child !== 'object') continue;
      this.at.push(key);
      const found = this.visit(child, depth + 1, key);
      this.at.pop();
      if (found) return found;
    }
    return undefined;
  }
}

/**
 * At most {@link payloadLimits.maxIssues} issues, in their order, and then one issue of the same severity
 * saying how many more were found.
 */
export function capIssues(issues: Issue[], severity: Severity, max: number = payloadLimits.maxIssues): Issue[] {
  if (issues.length <= max) return issues;
  const more = issues.length - max;
  const noun = severity === 'error' ? 'error' : 'warning';
  const last: Issue = {
    code: svcCodes.moreIssues.code,
    message: `${more} more ${noun}${more === 1 ? ' was' : 's were'} found and not listed; the first ${max} are shown`,
    path: '',
    severity,
  };
  return [...issues.slice(0, max), last];
}
