/**
 * The e-waybill part of an IRN request (EwbDtls). The IRP registers the IRN even when the e-waybill
 * system refuses this part, and reports the refusal in InfoDtls with InfCd EWBERR and the e-waybill
 * codes (4019 "Provide Transporter ID in order to generate Part A of e-Way Bill" is seen in real
 * responses; research/nic.md section 2). So each e-waybill-by-IRN rule runs on EwbDtls as a warning.
 * @module
 */

import type { Issue } from '../../issue.js';
import { ewbByIrnRules } from '../ewaybill/by-irn.js';
import { makeRule, type Rule } from '../rule.js';

/**
 * The by-IRN rules that judge the transport details (the IRN and the export ship-to are not in EwbDtls; the
 * specification's limits on EwbDtls are the IRN request's own, IRN-SPEC-LIMITS).
 */
const transportRules = ewbByIrnRules.filter((rule) => rule.id !== 'EWBIRN-IRN' && !rule.id.startsWith('EWBIRN-EXPSHIP') && !rule.id.endsWith('-SPEC-LIMITS'));

function onEwbDetails(inner: Rule): Rule {
  return makeRule(
    {
      id: inner.id.replace(/^EWBIRN-/, 'EINV-EWB-'),
      code: inner.code,
      certainty: inner.certainty,
      evidence: inner.evidence,
      advisory: true,
      description: `EwbDtls: ${inner.description} The IRN is still registered; the IRP reports this under InfoDtls EWBERR, so it is a warning.`,
    },
    (doc: unknown, context): Issue[] => {
      if (typeof doc !== 'object' || doc === null) return [];
      const details = (doc as Record<string, unknown>)['EwbDtls'];
      if (typeof details !== 'object' || details === null || Array.isArray(details)) return [];
      return inner.check(details, context).map((issue) => ({
        ...issue,
        path: `/EwbDtls${issue.path}`,
        message: `EwbDtls.${issue.message} The IRN can still be registered; the e-waybill will not be generated.`,
      }));
    },
  );
}

/** The e-waybill-part rules of an IRN request, all warnings. */
export const ewbDetailsRules: Rule[] = transportRules.map(onEwbDetails);
