import { irpNames, type IrpName } from '../rules/rule.js';
import type { ValidateOptions } from '../validate.js';
import { UsageError } from './io.js';
import { coercionReports, type CoercionReport } from '../normalize/coercion-summary.js';

/** The command-line options of every command that validates. */
export const validateOptionNames = ['today', 'hsn-master', 'aato', 'irp', 'environment', 'coercions'] as const;
/** The options without a value. */
export const validateSwitches = ['strict'] as const;

/** The validation context the options ask for (`--hsn-master` is read by the caller: it needs a file). */
export function contextFromOptions(options: ReadonlyMap<string, string>): ValidateOptions {
  const out: ValidateOptions = {};
  const today = options.get('today');
  if (today !== undefined) {
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(today)) throw new UsageError('--today must be DD/MM/YYYY');
    out.today = today;
  }
  const aato = options.get('aato');
  if (aato !== undefined) {
    // Rupees, as a plain number; 10,00,00,000 style separators are a common way to write it.
    const plain = aato.replace(/[,_]/g, '');
    if (!/^\d+(\.\d+)?$/.test(plain)) throw new UsageError('--aato must be the aggregate annual turnover in rupees (e.g. 120000000)');
    out.aato = Number(plain);
  }
  const irp = options.get('irp');
  if (irp !== undefined) {
    const name = irp.toUpperCase();
    if (!(irpNames as readonly string[]).includes(name)) throw new UsageError(`--irp must be one of ${irpNames.join(', ')}`);
    out.irp = name as IrpName;
  }
  const environment = options.get('environment');
  if (environment !== undefined) {
    if (environment !== 'sandbox' && environment !== 'production') throw new UsageError('--environment must be sandbox or production');
    out.environment = environment;
  }
  const coercions = options.get('coercions');
  if (coercions !== undefined) {
    if (!(coercionReports as readonly string[]).includes(coercions)) throw new UsageError(`--coercions must be one of ${coercionReports.join(', ')}`);
    out.coercions = coercions as CoercionReport;
  }
  if (options.get('strict') === 'true') out.strict = true;
  return out;
}
