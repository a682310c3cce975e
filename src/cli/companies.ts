/**
 * Reads GSTKIT_SANDBOX_GSTINS: `company:GSTIN,GSTIN;company2:GSTIN` gives each company its own
 * GSTINs; a plain comma list gives every GSTIN to the first configured company. A GSTIN belongs to
 * one company only, so two companies can never register the same document.
 * @module
 */
import { isValidGstin } from '../masters/index.js';

/**
 * Splits `company:VALUE;company2:VALUE` into its entries (blank entries skipped), or names the first entry
 * without a company id, using `form` to say what each entry should look like.
 */
function companyEntries(
  text: string,
  form: string,
): { ok: true; entries: Array<{ id: string; value: string; part: string }> } | { ok: false; message: string } {
  const entries: Array<{ id: string; value: string; part: string }> = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const colon = part.indexOf(':');
    const id = colon < 0 ? '' : part.slice(0, colon).trim();
    if (!id) return { ok: false, message: `"${part}" must be ${form}` };
    entries.push({ id, value: part.slice(colon + 1), part });
  }
  return { ok: true, entries };
}

/** Company id to its GSTINs, or the reason the setting is wrong. */
export function parseCompanyGstins(
  text: string | undefined,
  companyIds: readonly string[],
  fallback: readonly string[],
): { ok: true; companies: Map<string, string[]> } | { ok: false; message: string } {
  const companies = new Map<string, string[]>(companyIds.map((id) => [id, []]));
  const first = companyIds[0];
  const raw = (text ?? '').trim();
  const groups: Array<[string, string[]]> = [];
  if (raw === '') {
    if (first) groups.push([first, [...fallback]]);
  } else if (!raw.includes(':')) {
    if (!first) return { ok: false, message: 'no company to give the GSTINs to' };
    groups.push([first, raw.split(',')]);
  } else {
    const split = companyEntries(raw, 'company:GSTIN,GSTIN');
    if (!split.ok) return split;
    for (const { id, value } of split.entries) groups.push([id, value.split(',')]);
  }
  const owner = new Map<string, string>();
  for (const [id, list] of groups) {
    const gstins = list.map((g) => g.trim().toUpperCase()).filter(Boolean);
    const bad = gstins.filter((g) => !isValidGstin(g));
    if (bad.length > 0) return { ok: false, message: `invalid GSTINs: ${bad.join(', ')}` };
    for (const g of gstins) {
      const already = owner.get(g);
      if (already && already !== id) return { ok: false, message: `GSTIN ${g} is given to both ${already} and ${id}; a GSTIN belongs to one company` };
      owner.set(g, id);
    }
    companies.set(id, [...new Set([...(companies.get(id) ?? []), ...gstins])]);
  }
  return { ok: true, companies };
}

/**
 * Reads GSTKIT_COMPANY_AATO: `company:RUPEES;company2:RUPEES`, each company's aggregate annual
 * turnover in whole rupees (digits only, `_` allowed as a separator), for the rules that depend on it.
 */
export function parseCompanyTurnover(
  text: string | undefined,
  companyIds: readonly string[],
): { ok: true; turnover: Map<string, number> } | { ok: false; message: string } {
  const turnover = new Map<string, number>();
  const form = 'company:RUPEES (whole rupees, digits only)';
  const split = companyEntries(text ?? '', form);
  if (!split.ok) return split;
  for (const { id, value, part } of split.entries) {
    const digits = value.trim().replace(/_/g, '');
    if (!/^\d{1,15}$/.test(digits)) return { ok: false, message: `"${part}" must be ${form}` };
    if (!companyIds.includes(id)) return { ok: false, message: `"${id}" is not a company of GSTKIT_API_KEYS` };
    turnover.set(id, Number(digits));
  }
  return { ok: true, turnover };
}
