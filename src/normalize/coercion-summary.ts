/**
 * Conversions reported per field, not per value: an ERP that sends every amount as text would otherwise
 * get one SVC-118 warning for each amount of each line (53 for a three-line invoice).
 * @module
 */

import { readablePath, warning, type Issue } from '../issue.js';
import { svcCodes } from '../schema/codes.js';
import { conversionOf, type Conversion } from './coerce.js';

/**
 * How the reader reports the values it converted to the schema's type (SVC-118 warnings):
 * - `'summary'` (the default): one warning per field and kind of conversion, with a count
 *   (`ItemList[*].UnitPrice: 3 values sent as text were read as numbers`), at the first value's path;
 * - `'each'`: one warning per value converted, with its path;
 * - `'silent'`: none (the values are converted all the same).
 */
export type CoercionReport = 'summary' | 'each' | 'silent';
export const coercionReports: readonly CoercionReport[] = ['summary', 'each', 'silent'];

const said: Record<Conversion, string> = {
  'text-to-number': 'values sent as text were read as numbers',
  'number-to-text': 'values sent as numbers were read as text',
  padding: 'coded values had the padding around them removed',
  'state-code': 'one-digit state codes were read with their leading zero',
};

/** The field a path names, with every list index as `*` (`ItemList[*].UnitPrice`). */
function fieldOf(path: string): string {
  return readablePath(path).replace(/\[\d+\]/g, '[*]');
}

/** The warnings with the reader's conversions reported as `report` asks; other warnings keep their place. */
export function reportCoercions(warnings: Issue[], report: CoercionReport = 'summary'): Issue[] {
  if (report === 'each' || !warnings.some((w) => conversionOf(w) !== undefined)) return warnings;
  if (report === 'silent') return warnings.filter((w) => conversionOf(w) === undefined);
  const groups = new Map<string, Issue[]>();
  for (const w of warnings) {
    const conversion = conversionOf(w);
    if (conversion === undefined) continue;
    const key = `${fieldOf(w.path)}|${conversion}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [w]);
    else group.push(w);
  }
  const out: Issue[] = [];
  for (const w of warnings) {
    const conversion = conversionOf(w);
    if (conversion === undefined) {
      out.push(w);
      continue;
    }
    const group = groups.get(`${fieldOf(w.path)}|${conversion}`)!;
    if (group[0] !== w) continue;
    // A lone conversion keeps its own message, which quotes the value.
    out.push(
      group.length === 1
        ? w
        : warning(svcCodes.converted.code, `${fieldOf(w.path)}: ${group.length} ${said[conversion]} (the type the specification gives)`, w.path),
    );
  }
  return out;
}
