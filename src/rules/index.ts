import type { Kind } from '../kinds.js';
import type { Rule } from './rule.js';
import { einvoiceRules } from './einvoice/index.js';
import { paymentQrRules } from './payment-qr.js';
import { ewaybillRules } from './ewaybill/index.js';
import { ewbByIrnRules } from './ewaybill/by-irn.js';
import { cancelIrnRules } from './cancel-irn.js';
import { cancelEwbRules, closeEwbRules } from './ewaybill/cancel-close.js';
import { dealRules } from './deal.js';
import { consolidatedEwbRules, regenerateTripSheetRules } from './ewaybill/consolidated.js';
import { addMultiVehicleRules, changeMultiVehicleRules, initiateMultiVehicleRules } from './ewaybill/multivehicle.js';
import { extendValidityRules, rejectEwbRules, updateTransporterRules, updateVehicleRules } from './ewaybill/actions.js';
import { gstrPullRules, gstrExportRules, gstr3bExportRules } from './gstr.js';

/** The business rules of each payload kind, run after the schema. */
const rulesByKind: Partial<Record<Kind, readonly Rule[]>> = {
  irn: einvoiceRules,
  'payment-qr': paymentQrRules,
  ewb: ewaybillRules,
  'ewb-by-irn': ewbByIrnRules,
  'cancel-irn': cancelIrnRules,
  'cancel-ewb': cancelEwbRules,
  'close-ewb': closeEwbRules,
  'update-vehicle': updateVehicleRules,
  'update-transporter': updateTransporterRules,
  'extend-validity': extendValidityRules,
  'reject-ewb': rejectEwbRules,
  deal: dealRules,
  'gstr-pull': gstrPullRules,
  'gstr-export': gstrExportRules,
  'gstr3b-export': gstr3bExportRules,
  'consolidated-ewb': consolidatedEwbRules,
  'regenerate-trip-sheet': regenerateTripSheetRules,
  'initiate-multi-vehicle': initiateMultiVehicleRules,
  'add-multi-vehicle': addMultiVehicleRules,
  'change-multi-vehicle': changeMultiVehicleRules,
};

/** The rules that apply to a kind (none for responses). */
export function rulesFor(kind: Kind): readonly Rule[] {
  return rulesByKind[kind] ?? [];
}

/** Every rule with the kind it applies to, for the catalogue. */
export function allRules(): Array<{ kind: Kind; rule: Rule }> {
  return Object.entries(rulesByKind).flatMap(([kind, rules]) => (rules ?? []).map((rule) => ({ kind: kind as Kind, rule })));
}
