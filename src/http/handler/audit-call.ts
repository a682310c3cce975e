/**
 * The last step: every authenticated call that is not a GET is audited, whatever its route and outcome.
 * A failing audit sink does not change the answer; the host's `onError` hears of it.
 * @module
 */
import { auditEntry } from '../audit.js';
import { realRequest } from '../light-request.js';
import type { Exchange } from './exchange.js';
import type { HandlerSetup } from './setup.js';

/** Records the call in the audit log when it is one to keep. */
export async function auditCall(setup: HandlerSetup, x: Exchange, response: Response): Promise<void> {
  const { audit, onError } = setup.options;
  const route = x.route;
  if (!audit || !route || !x.audited || route.method === 'GET') return;
  try {
    const facts = { route, companyId: x.company.id, keyId: x.keyId, body: x.auditBody, at: setup.clock.now(), ...(x.gstin ? { gstin: x.gstin } : {}) };
    await audit.addAudit(await auditEntry(facts, response));
  } catch (e) {
    onError?.(e, realRequest(x.request));
  }
}
