/**
 * Transporter change (updatetransporter, NIC UPDATETRANSPORTER) on the sandbox portal. Refusals, in the
 * order judged: 325 not found; 343 cancelled or discarded; 338 the generator, after the assigned
 * transporter entered Part-B; 339 neither the generator nor the assigned transporter; 281 the validity has
 * lapsed; 718 the caller, 719 the new transporter blocked for not filing returns.
 * @module
 */
import type { ProviderContext, ProviderResult, TransporterUpdated } from '../../ports/index.js';
import type { UpdateTransporterPayload } from '../../types/payloads.js';
import { istDateTime } from '../../compute/dates.js';
import { str } from '../../compute/payload.js';
import { refuse } from '../../ports/result.js';
import type { EwbEntry } from './state.js';
import { revise, type ActionDeps, type Change } from './revise.js';
import { actionsOf, currentTransporter, effectiveStatus, isExpired } from './state.js';
import { partBRefusal } from './part-b.js';

/** Judges and records a transporter change. */
export function updateTransporter(
  deps: ActionDeps,
  _ctx: ProviderContext,
  gstin: string,
  request: UpdateTransporterPayload,
): Promise<ProviderResult<TransporterUpdated>> {
  const next = str(request.transporterId).trim().toUpperCase();
  return revise(deps, request.ewbNo, (e, now): ProviderResult<Change<TransporterUpdated>> => {
    if (effectiveStatus(e, now) === 'CNL') return refuse('343', `e-waybill ${e.ewbNo} is cancelled; its transporter cannot be changed`, 409, '/ewbNo');
    const who = partBRefusal(e, gstin, { generatorLate: '338', notAssigned: '339' }, 'change its transporter');
    if (who) return who;
    if (isExpired(e, now))
      return refuse('281', `the validity of e-waybill ${e.ewbNo} ran out at ${e.validUpto}; the transporter can no longer be changed`, 422, '/ewbNo');
    if (deps.isBlocked(gstin)) return refuse('718', `GSTIN ${gstin} is blocked for non-filing of returns and cannot change the transporter`, 422, '/ewbNo');
    if (deps.isBlocked(next)) return refuse('719', `transporter ${next} is blocked for non-filing of returns`, 422, '/transporterId');
    const previous = currentTransporter(e);
    const a = actionsOf(e);
    (e as EwbEntry & { actions: typeof a }).actions = { ...a, transporterId: next, transporterEnteredPartB: false };
    return {
      ok: true,
      value: { entry: e, event: 'transporter-updated', detail: { by: gstin, from: previous, to: next }, value: { transUpdateDate: istDateTime(now) } },
    };
  });
}
