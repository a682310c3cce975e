/**
 * The GST portal and return store of a host that has none (an e-invoice host whose runner only runs bulk
 * registrations): a GSTR job that reaches it anyway, from a queue shared with other servers, fails with
 * SVC-955 rather than the executor not being attached at all.
 * @module
 */
import { error } from '../issue.js';
import type { GstPortal } from '../ports/gst-portal.js';
import { jobCodes } from '../ports/jobs.js';
import type { ReturnStore } from '../ports/returns.js';

const message = 'GSTR data is not configured on this server';

/** A portal that refuses every fetch, and a return store that holds nothing and keeps nothing. */
export const gstrNotConfigured: { portal: GstPortal; store: ReturnStore } = {
  portal: {
    // Said connected, so that a pull reaches the fetch and fails with the reason rather than "not connected".
    isConnected: () => true,
    fetchReturn: async () => ({ ok: false, errors: [error(jobCodes.notConfigured, message)] }),
  },
  store: {
    put: async () => {
      throw new Error(message);
    },
    get: async () => undefined,
  },
};
