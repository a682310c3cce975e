/**
 * The jobs' executor (GSTR pulls and exports, reconciliations, GSTR-1, bulk registrations), attached to the
 * host's job runner when the handler is built with a runner and a GST portal with a return store, an IRP
 * or an e-waybill portal.
 * @module
 */
import type { Clock } from '../../clock.js';
import { gstrJobExecutor } from '../../jobs/executor.js';
import { gstrNotConfigured } from '../../jobs/gstr-not-configured.js';
import type { GstHandlerOptions } from '../types.js';

/** Attaches the executor to `options.jobs`, when the options have what some job needs. */
export function attachJobExecutor(options: GstHandlerOptions, clock: Clock): void {
  const gstr = options.gstPortal && options.returnStore;
  const bulk = options.irp || options.ewb;
  if (!options.jobs || (!gstr && !bulk)) return;
  options.jobs.attach(
    gstrJobExecutor({
      // A host without GSTR data serves no GSTR route; a GSTR job reaching it from a shared queue fails coded.
      portal: options.gstPortal ?? gstrNotConfigured.portal,
      store: options.returnStore ?? gstrNotConfigured.store,
      clock,
      ...(options.jobSecrets ? { secrets: options.jobSecrets } : {}),
      ...(options.ewb ? { ewb: options.ewb } : {}),
      ...(options.issuedInvoices ? { issuedInvoices: options.issuedInvoices } : {}),
      ...(options.jobs.threads ? { threads: options.jobs.threads } : {}),
      bulk: {
        ...(options.irp ? { irp: options.irp } : {}),
        ...(options.ewb ? { ewb: options.ewb } : {}),
        ...(options.bulkLimiter ? { limiter: options.bulkLimiter } : {}),
      },
    }),
  );
}
