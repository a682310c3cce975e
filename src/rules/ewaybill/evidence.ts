/**
 * Where the e-waybill rules' evidence is written down. A rule that names no evidence takes the e-waybill
 * portal's error list for its numeric code (see defaultEvidence in src/rules/support.ts).
 * @module
 */

import type { Evidence } from '../rule.js';

/** The e-waybill portal's error list (API v1.03 GetErrorList, as public clients reproduce it). */
export const EWB_ERROR_LIST = 'EWB error list (API v1.03 GetErrorList, https://docs.ewaybillgst.gov.in/apidocs/)';
/** NIC's additional validations in force from 1 January 2025 (advisory of 17 December 2024). */
export const EWB_VALIDATIONS_2025 = 'NIC "Additional validations" of 17/12/2024 (Additional_Validations_20241217.pdf, ewaybillgst.gov.in), in force 01/01/2025';
/** The HSN digit rules of the e-waybill portal from 1 February 2024. */
export const EWB_HSN_DIGITS_2024 =
  'EWB codes 282/283 from 01/02/2024 (GetErrorList text, https://docs.ewaybillgst.gov.in/apidocs/; GSTN advisory on HSN digits)';
/** The rail advisories: PMS parcel way bills (4 October 2024) and FOIS railway receipts (18 December 2024). */
export const RAIL_ADVISORIES = 'GSTN advisories of 04/10/2024 (PMS: P<station><RR no>) and 18/12/2024 (FOIS: F<station><RR no>); code 823';

/** Evidence: the e-waybill portal refuses this with `code`, as written in `source`. */
export function ewb(code: string, source: string = EWB_ERROR_LIST): Evidence {
  return { portal: 'EWB', code, source };
}
