/**
 * NIC's sandboxes hand developers test GSTINs whose check character is wrong, and accept them. With
 * `environment: 'sandbox'` a refusal that rests only on that check character becomes one warning.
 * @module
 */

import { warning, readablePath, type Issue } from '../issue.js';
import { parseGstin } from '../masters/index.js';
import { svcCodes } from './codes.js';

/**
 * Codes that refuse a GSTIN for its shape or check character: gstkit's SVC-152 and the e-waybill
 * portal's supplier (208), consignee (212) and ship-to (609) GSTIN codes.
 */
export const gstinValidityCodes: ReadonlySet<string> = new Set([svcCodes.gstin.code, '208', '212', '609']);

/** The value a JSON Pointer names inside a document, or undefined. */
function at(doc: unknown, path: string): unknown {
  let node = doc;
  for (const raw of path.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Whether a value is a GSTIN whose structure is right and whose check character is wrong. */
export function isTestGstin(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parsed = parseGstin(value.trim().toUpperCase());
  return parsed.ok && !parsed.value.checkCharValid;
}

/** Replaces the check-character refusals of test GSTINs by one warning per field. */
export function relaxTestGstins(issues: readonly Issue[], doc: unknown): Issue[] {
  const out: Issue[] = [];
  const warned = new Set<string>();
  for (const issue of issues) {
    if (issue.severity === 'error' && gstinValidityCodes.has(issue.code) && isTestGstin(at(doc, issue.path))) {
      if (!warned.has(issue.path)) {
        warned.add(issue.path);
        out.push(
          warning(
            svcCodes.sandboxGstin.code,
            `${readablePath(issue.path)}: ${String(at(doc, issue.path))} has a wrong check character; NIC's sandbox accepts such test GSTINs, production refuses them`,
            issue.path,
          ),
        );
      }
      continue;
    }
    out.push(issue);
  }
  return out;
}
