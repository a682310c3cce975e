/**
 * Named counters in the store: the numbers the stand-in portals hand out (acknowledgements, e-waybills,
 * trip sheets), unique across every server on the store.
 * @module
 */

/** Where named counters are kept. */
export interface CounterStore {
  /** Next value of a named counter; the first call answers `start`. Unique across instances. */
  nextNumber(name: string, start: number): Promise<number>;
}
