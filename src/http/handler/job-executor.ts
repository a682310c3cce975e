/**
 * The GSTR, reconciliation and GSTR-1 jobs' executor, attached to the host's job runner when the handler is
 * built with a runner, a GST portal and a return store.
 * @module
 */
import type { Clock } from '../../clock.js';
import { gstrJobExecutor } from '../../jobs/executor.js';
import type { GstHandlerOptions } from '../types.js';

/** Attaches the executor to `options.jobs`, when the options have what it needs. */
export function attachJobExecutor(options: GstHandlerOptions, clock: Clock): void {
  if (options.jobs && options.gstPortal && options.returnStore) {
    options.jobs.attach(
      gstrJobExecutor({
        portal: options.gstPortal,
        store: options.returnStore,
        clock,
        ...(options.jobSecrets ? { secrets: options.jobSecrets } : {}),
        ...(options.ewb ? { ewb: options.ewb } : {}),
        ...(options.issuedInvoices ? { issuedInvoices: options.issuedInvoices } : {}),
        ...(options.jobs.threads ? { threads: options.jobs.threads } : {}),
      }),
    );
  }
}
