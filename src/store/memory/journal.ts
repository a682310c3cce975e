/**
 * Rollback for the in-memory store: while a transaction is open, every map remembers the first value
 * each key had (a copy, taken the first time the key is read, written or iterated), so a failed
 * transaction puts every touched key back as it was. Rows changed in place after a `get` are covered,
 * since the copy was taken before the change.
 * @module
 */

/** One key's value before the transaction touched it. */
interface Undo {
  map: JournaledMap<unknown, unknown>;
  key: unknown;
  had: boolean;
  before: unknown;
}

/** The undo records of one open transaction. */
export class Journal {
  private readonly undo: Undo[] = [];
  private readonly seen = new Map<Map<unknown, unknown>, Set<unknown>>();

  /** Records `key`'s value in `map` unless already recorded in this transaction. */
  remember<K, V>(map: JournaledMap<K, V>, key: K, had: boolean, value: V | undefined): void {
    const keys = this.seen.get(map as Map<unknown, unknown>) ?? new Set<unknown>();
    this.seen.set(map as Map<unknown, unknown>, keys);
    if (keys.has(key)) return;
    keys.add(key);
    // A value that is only ever replaced whole can be kept as it is; one changed in place needs a copy.
    const before = had ? (map.replacedWhole ? value : structuredClone(value)) : undefined;
    this.undo.push({ map: map as JournaledMap<unknown, unknown>, key, had, before });
  }

  /** Puts every touched key back, newest first. */
  rollback(): void {
    for (let i = this.undo.length - 1; i >= 0; i--) {
      const u = this.undo[i]!;
      u.map.restoreRaw(u.key, u.had, u.before);
    }
    this.undo.length = 0;
    this.seen.clear();
  }
}

/** Where the open transaction's journal is kept; shared by all maps of one store. */
export interface JournalSlot {
  current?: Journal;
}

/** A Map that reports to the open transaction's journal before a key is touched. */
export class JournaledMap<K, V> extends Map<K, V> {
  /** Values are replaced with `set`, never changed in place: the journal need not copy them. */
  readonly replacedWhole: boolean;

  constructor(
    private readonly slot: JournalSlot,
    options: { replacedWhole?: boolean } = {},
  ) {
    super();
    this.replacedWhole = options.replacedWhole ?? false;
  }

  private note(key: K): void {
    const j = this.slot.current;
    if (j) j.remember(this, key, super.has(key), super.get(key));
  }

  private noteAll(): void {
    if (this.slot.current) for (const key of super.keys()) this.note(key);
  }

  /** Sets or deletes without journaling (the rollback itself). */
  restoreRaw(key: K, had: boolean, value: V | undefined): void {
    if (had) super.set(key, value as V);
    else super.delete(key);
  }

  override get(key: K): V | undefined {
    this.note(key);
    return super.get(key);
  }

  override set(key: K, value: V): this {
    this.note(key);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.note(key);
    return super.delete(key);
  }

  override values(): MapIterator<V> {
    this.noteAll();
    return super.values();
  }

  override entries(): MapIterator<[K, V]> {
    this.noteAll();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    this.noteAll();
    return super[Symbol.iterator]();
  }

  override forEach(fn: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    this.noteAll();
    super.forEach(fn, thisArg);
  }
}
