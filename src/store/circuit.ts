/**
 * A circuit breaker for a dependency that stalls. Once a call has waited out its deadline, the next calls
 * would each wait as long again (and a request makes several: its own, then its audit entry), so for
 * `openMs` calls fail at once; then one call is let through as a probe, and its success closes the circuit.
 * Only deadlines open it: a refused or lost connection fails at once anyway, and the next call reconnects.
 * @module
 */

export interface Circuit {
  /** Runs `call`, or throws `refuse()` without calling it while the circuit is open. */
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Whether calls are being refused without trying (the last call timed out and no probe has succeeded). */
  readonly open: boolean;
}

export interface CircuitOptions {
  /** Whether an error is a deadline that ran out (which opens the circuit). */
  timedOut: (e: unknown) => boolean;
  /** The error thrown for a call refused while the circuit is open. */
  refuse: () => Error;
  /** How long calls are refused before one is let through as a probe, ms. */
  openMs: number;
  now?: () => number;
}

export function createCircuit(options: CircuitOptions): Circuit {
  const now = options.now ?? Date.now;
  let openedAt: number | undefined;
  let probing = false;
  return {
    get open() {
      return openedAt !== undefined;
    },
    async run(call) {
      let probe = false;
      if (openedAt !== undefined) {
        if (probing || now() - openedAt < options.openMs) throw options.refuse();
        probe = probing = true;
      }
      try {
        const value = await call();
        openedAt = undefined;
        return value;
      } catch (e) {
        if (options.timedOut(e)) openedAt = now();
        else if (probe) openedAt = undefined; // it answered, if with an error of its own: the dependency is back
        throw e;
      } finally {
        if (probe) probing = false;
      }
    },
  };
}
