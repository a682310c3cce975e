import { warning, pointerSegment, readablePath, type Issue } from '../issue.js';
import { isKind, requestKinds, type Kind } from '../kinds.js';
import { svcCodes } from '../schema/codes.js';
import { aliasesByKind, hoistsByKind, type Alias, type Hoist } from './aliases.js';
import { shapeOf, type ObjectShape, type Shape } from './shape.js';
import { isPlainObject, sameValue, setOwn } from '../json.js';
import { readTotAmtAsTotItemVal } from './total-item-value.js';
import { coerceScalar, readsAsIs } from './coerce.js';
import { reportCoercions, type CoercionReport } from './coercion-summary.js';
import { isPortalResponseKind, readPortalResponse } from './portal-response.js';
import { envelopePortalResponse } from './portal-response-forms.js';
import { dropBlankEwbFields } from './ewaybill-blanks.js';

/** The canonical payload and what the reader noticed on the way. */
export interface NormalizeResult<T = unknown> {
  value: T;
  warnings: Issue[];
}

/**
 * How the reader may treat its input. `handedOver`: the caller gives the payload up (the HTTP handler's own
 * parse of a body, which nothing else holds), so objects and lists read as they were sent are kept in the
 * result instead of copied. Without it every object and list of the result is new.
 */
export interface ReadOptions {
  handedOver?: boolean;
  /** How values converted to the schema's type are reported (SVC-118): per field with a count (default), each, or not at all. */
  coercions?: CoercionReport;
}

/**
 * The tolerant reader: maps every spelling the specification mentions, in any letter case, to the
 * canonical names (NIC schema v1.1), moves fields to their canonical nesting, drops nulls from requests
 * (null means "not given" there), converts numbers and numeric text to the type the schema gives (SVC-118)
 * and reports keys it cannot place as warnings. Never changes its input.
 */
export function normalize<T = unknown>(kind: Kind, payload: unknown, options: { coercions?: CoercionReport } = {}): NormalizeResult<T> {
  return readPayload<T>(kind, payload, options.coercions === undefined ? {} : { coercions: options.coercions });
}

/** {@link normalize} with the caller's {@link ReadOptions}. */
export function readPayload<T = unknown>(kind: Kind, payload: unknown, options: ReadOptions): NormalizeResult<T> {
  if (!isKind(kind)) throw new TypeError(`unknown payload kind: ${String(kind)}`);
  const reader = new Reader(kind, options.handedOver === true);
  // Responses as the portals write them (bare answers, AM/PM times, padded codes) read into the service's forms.
  let value = reader.read(envelopePortalResponse(kind, dropBlankEwbFields(kind, payload)), shapeOf(kind), '', '');
  value = readPortalResponse(kind, value);
  if ((kind === 'irn' || kind === 'payment-qr') && isPlainObject(value) && Array.isArray(value.ItemList)) {
    const itemList = readTotAmtAsTotItemVal(value.ItemList, '/ItemList', reader.warnings);
    if (itemList !== value.ItemList) value = { ...value, ItemList: itemList };
  }
  // A portal writes numbers as text as a matter of course: in its answers that is no sender's slip to warn of.
  const warnings = isPortalResponseKind(kind) ? reader.warnings.filter((w) => w.code !== svcCodes.converted.code) : reader.warnings;
  return { value: value as T, warnings: reportCoercions(warnings, options.coercions) };
}

/**
 * The one-key target of a schema field, made once per field name (the names are the schemas', so the cache is
 * bounded): most keys of most payloads are placed as they are, and a fresh array for each cost a tenth of reading.
 */
const singleKeys = new Map<string, readonly string[]>();
function atKey(key: string): readonly string[] {
  let target = singleKeys.get(key);
  if (target === undefined) {
    target = Object.freeze([key]);
    singleKeys.set(key, target);
  }
  return target;
}

/** Whether every key is one of the shape's fields as the schema spells it. */
function allCanonical(keys: string[], shape: ObjectShape): boolean {
  for (let k = 0; k < keys.length; k++) if (!shape.properties.has(keys[k]!)) return false;
  return true;
}

function hasNull(input: Record<string, unknown>, keys: string[]): boolean {
  for (let k = 0; k < keys.length; k++) if (input[keys[k]!] === null) return true;
  return false;
}

interface Placed {
  /** Canonical path of the value relative to the object being read. */
  target: readonly string[];
  value: unknown;
  inputKey: string;
}

class Reader {
  readonly warnings: Issue[] = [];
  private readonly aliases: readonly Alias[];
  private readonly hoists: readonly Hoist[];
  private readonly dropNulls: boolean;

  /** Whether objects and lists read as sent may be kept as they are (see {@link ReadOptions}). */
  constructor(
    kind: Kind,
    private readonly keepUnchanged: boolean,
  ) {
    this.aliases = aliasesByKind[kind] ?? [];
    this.hoists = hoistsByKind[kind] ?? [];
    this.dropNulls = (requestKinds as readonly string[]).includes(kind);
  }

  read(value: unknown, shape: Shape, path: string, location: string): unknown {
    if (shape.type === 'object' && isPlainObject(value)) return this.readObject(value, shape, path, location);
    if (shape.type === 'scalar') return coerceScalar(value, shape, path, this.warnings);
    if (shape.type === 'array' && Array.isArray(value)) {
      // A list handed over is copied only from the first entry read differently (as readCanonical does objects).
      let out: unknown[] | undefined = this.keepUnchanged ? undefined : value.slice();
      for (let i = 0; i < value.length; i++) {
        const entry: unknown = value[i];
        const read = this.read(entry, shape.items, `${path}/${i}`, `${location}/*`);
        if (read === entry) continue;
        out ??= value.slice();
        out[i] = read;
      }
      return out ?? value;
    }
    return value;
  }

  private readObject(input: Record<string, unknown>, shape: ObjectShape, path: string, location: string): Record<string, unknown> {
    const inputKeys = Object.keys(input);
    if (allCanonical(inputKeys, shape)) return this.readCanonical(input, inputKeys, shape, path, location);
    const out: Record<string, unknown> = {};
    // Keys that need more than a copy: a move into a nested block, or a second spelling of a key already
    // placed. Most payloads have none, and then each value is copied straight into the output as sent and
    // read in place afterwards.
    let groups: Map<string, Placed[]> | undefined;
    for (let k = 0; k < inputKeys.length; k++) {
      const inputKey = inputKeys[k]!;
      const value = input[inputKey];
      if (this.dropNulls && value === null) continue;
      const target = this.place(inputKey, shape, location);
      if (!target) {
        const at = `${path}/${pointerSegment(inputKey)}`;
        this.warnings.push(warning(svcCodes.unknownField.code, `${readablePath(at)}: not a field of this payload; left out`, at));
        continue;
      }
      const head = target[0]!;
      const group = groups?.get(head);
      if (group) {
        group.push({ target, value, inputKey });
      } else if (target.length === 1 && !Object.hasOwn(out, head)) {
        setOwn(out, head, value);
      } else {
        groups ??= new Map();
        const earlier = Object.hasOwn(out, head) ? [this.placedEarlier(input, inputKeys, k, head, shape, location, out[head])] : [];
        groups.set(head, [...earlier, { target, value, inputKey }]);
      }
    }
    for (const key of Object.keys(out)) {
      if (groups?.has(key)) continue;
      const sent = out[key];
      const read = this.readChild(sent, shape, key, path, location);
      if (read !== sent) setOwn(out, key, read);
    }
    for (const [key, placed] of groups ?? []) {
      const combined = this.combine(key, placed, `${path}/${pointerSegment(key)}`);
      setOwn(out, key, this.readChild(combined, shape, key, path, location));
    }
    // Built key by key, a large object may be in V8's slow dictionary mode; copied once through its entries
    // it is not (see readCanonical). Only payloads with other spellings come this way.
    return Object.fromEntries(Object.entries(out));
  }

  /**
   * An object whose every key is spelled as the schema spells it (the usual case): nothing to move, merge
   * or report as unknown, so each value is read straight into its place in one pass, in the order sent.
   *
   * The output starts as a spread copy of the input and only the values read differently are written over.
   * V8 copies a parsed object's layout whole, so the copy keeps fast properties; an object built key by key
   * through computed keys falls into dictionary mode past a dozen keys (every invoice line did), which made
   * the schema check and the JSON serialisation for signing slower on each line. A payload handed over is
   * copied only when a value is read differently: most objects of most payloads are kept as they came.
   */
  private readCanonical(input: Record<string, unknown>, inputKeys: string[], shape: ObjectShape, path: string, location: string): Record<string, unknown> {
    if (this.dropNulls && hasNull(input, inputKeys)) return this.readCanonicalDroppingNulls(input, inputKeys, shape, path, location);
    let out: Record<string, unknown> | undefined = this.keepUnchanged ? undefined : { ...input };
    for (let k = 0; k < inputKeys.length; k++) {
      const key = inputKeys[k]!;
      const value = input[key];
      const read = this.readChild(value, shape, key, path, location);
      if (read === value) continue;
      out ??= { ...input };
      setOwn(out, key, read);
    }
    return out ?? input;
  }

  /**
   * {@link readCanonical} for an object with null values, which a request leaves out. Object.fromEntries
   * keeps fast properties where assigning key by key would not (ERPs often send null for every unused field).
   */
  private readCanonicalDroppingNulls(
    input: Record<string, unknown>,
    inputKeys: string[],
    shape: ObjectShape,
    path: string,
    location: string,
  ): Record<string, unknown> {
    const entries: [string, unknown][] = [];
    for (let k = 0; k < inputKeys.length; k++) {
      const key = inputKeys[k]!;
      const value = input[key];
      if (value !== null) entries.push([key, this.readChild(value, shape, key, path, location)]);
    }
    return Object.fromEntries(entries);
  }

  /**
   * The earlier key copied straight to `head` (before input key `before`), found again now that a second
   * spelling needs it to be combined: the first of the keys placed alone at `head`.
   */
  private placedEarlier(
    input: Record<string, unknown>,
    inputKeys: string[],
    before: number,
    head: string,
    shape: ObjectShape,
    location: string,
    value: unknown,
  ): Placed {
    for (let k = 0; k < before; k++) {
      const inputKey = inputKeys[k]!;
      if (this.dropNulls && input[inputKey] === null) continue;
      const target = this.place(inputKey, shape, location);
      if (target && target.length === 1 && target[0] === head) return { target, value, inputKey };
    }
    return { target: atKey(head), value, inputKey: head };
  }

  private readChild(value: unknown, shape: ObjectShape, key: string, path: string, location: string): unknown {
    const childShape = shape.properties.get(key);
    if (childShape === undefined || childShape.type === 'opaque') return value;
    if (childShape.type === 'scalar' && readsAsIs(value, childShape)) return value;
    return this.read(value, childShape, `${path}/${pointerSegment(key)}`, `${location}/${key}`);
  }

  /** Where an input key belongs: its canonical spelling, an alias's target, or a hoisted child field. */
  private place(inputKey: string, shape: ObjectShape, location: string): readonly string[] | undefined {
    if (shape.properties.has(inputKey)) return atKey(inputKey);
    const lower = inputKey.toLowerCase();
    const canonical = shape.byLowerCase.get(lower);
    if (canonical !== undefined) return atKey(canonical);
    const alias = this.aliases.find((a) => a.at === location && a.from.toLowerCase() === lower);
    if (alias) return alias.to;
    for (const hoist of this.hoists) {
      if (hoist.at !== location) continue;
      const child = shape.properties.get(hoist.into);
      const childKey = child?.type === 'object' ? child.byLowerCase.get(lower) : undefined;
      if (childKey !== undefined) return [hoist.into, childKey];
    }
    if (shape.open) return [inputKey];
    return undefined;
  }

  /** One value from everything placed at the same canonical key: a direct value, moved-in fields, or both. */
  private combine(key: string, placed: Placed[], path: string): unknown {
    const direct = placed.filter((p) => p.target.length === 1);
    const moved = placed.filter((p) => p.target.length > 1);
    let chosen = direct[0];
    for (const other of direct.slice(1)) {
      if (sameValue(other.value, chosen!.value)) continue;
      const winner = other.inputKey === key ? other : chosen!;
      this.conflict(path, chosen!.inputKey, other.inputKey, winner.inputKey);
      chosen = winner;
    }
    if (moved.length === 0) return chosen?.value;
    const base: Record<string, unknown> = {};
    if (chosen && isPlainObject(chosen.value)) for (const k of Object.keys(chosen.value)) setOwn(base, k, chosen.value[k]);
    else if (chosen) this.conflict(path, chosen.inputKey, moved[0]!.inputKey, moved[0]!.inputKey);
    for (const m of moved) this.putDeep(base, m.target.slice(1), m.value, path, m.inputKey);
    return base;
  }

  private putDeep(target: Record<string, unknown>, rest: readonly string[], value: unknown, path: string, inputKey: string): void {
    const [head, ...tail] = rest as [string, ...string[]];
    const existingKey = Object.keys(target).find((k) => k.toLowerCase() === head.toLowerCase());
    if (tail.length === 0) {
      if (existingKey !== undefined && !sameValue(target[existingKey], value)) {
        this.conflict(`${path}/${head}`, existingKey, inputKey, existingKey);
        return;
      }
      if (existingKey === undefined) setOwn(target, head, value);
      return;
    }
    const current = existingKey !== undefined ? target[existingKey] : undefined;
    const child: Record<string, unknown> = {};
    if (isPlainObject(current)) for (const k of Object.keys(current)) setOwn(child, k, current[k]);
    this.putDeep(child, tail, value, `${path}/${head}`, inputKey);
    if (existingKey !== undefined && existingKey !== head) delete target[existingKey];
    setOwn(target, head, child);
  }

  private conflict(path: string, first: string, second: string, kept: string): void {
    this.warnings.push(
      warning(svcCodes.conflictingKeys.code, `${readablePath(path)}: given as both ${first} and ${second} with different values; ${kept} is used`, path),
    );
  }
}
