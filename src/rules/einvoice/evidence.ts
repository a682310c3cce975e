/**
 * Where the e-invoice rules' evidence is written down. Each rule names the IRP's code and one of these.
 * @module
 */

import type { Evidence } from '../rule.js';

/** The IRP's published error list (einvoice1.gst.gov.in Others/GetErrorCodes/INV), and a GSP's public copy of it. */
export const IRP_ERROR_LIST =
  'IRP error list (einvoice1.gst.gov.in GetErrorCodes/INV; https://docs.cleartax.in/cleartax-docs/e-invoicing-api/e-invoicing-api-reference/resources-and-master/error-codes)';
/** NIC's e-invoice JSON schema v1.1 (einv-apisandbox.nic.in, Generate IRN). */
export const NIC_SCHEMA = 'NIC e-invoice schema v1.1 (einv-apisandbox.nic.in generate-irn)';
/** NIC's release note of 08/09/2020 on tolerances and validations, as published. */
export const NIC_RELEASE_2020 =
  'NIC e-invoice release note v1.03, 08/09/2020 (https://www.caclubindia.com/news/nic-released-updated-apis-with-improved-validations-gst-e-invoice-18493.asp)';

/** Evidence: the IRP refuses this with `code`, as written in `source`. */
export function irp(code: string, source: string = IRP_ERROR_LIST): Evidence {
  return { portal: 'IRP', code, source };
}

/** Evidence: the IRP refuses this, but no code of its own is known. */
export function irpWithoutCode(source: string): Evidence {
  return { portal: 'IRP', source };
}
