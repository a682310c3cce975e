import { parseOptions, readJson, UsageError, writeOut } from './io.js';

const USAGE = 'usage: gstkit gstr1 <documents.json|-> --gstin GSTIN --period MMYYYY [--amendments FILE]';

/**
 * `gstkit gstr1`: GSTR-1 JSON (the offline tool's format) on standard output from a JSON array of IRN
 * request payloads. The pre-upload checks go to standard error; exit 1 when any of them is an error.
 */
export async function gstr1Command(args: readonly string[]): Promise<number> {
  const { positional, options } = parseOptions(args, ['gstin', 'period', 'amendments']);
  const gstin = options.get('gstin');
  const period = options.get('period');
  if (positional.length !== 1 || !gstin || !period) throw new UsageError(USAGE);
  const documents = readJson(positional[0]);
  if (!Array.isArray(documents)) throw new UsageError(`${positional[0]} should hold a JSON array of IRN request payloads`);
  const amendFile = options.get('amendments');
  const amendments = amendFile === undefined ? undefined : readJson(amendFile);
  if (amendments !== undefined && !Array.isArray(amendments))
    throw new UsageError(`${amendFile} should hold a JSON array of {document, originalNumber, originalDate}`);
  const { buildGstr1 } = await import('../gstr1/index.js');
  const res = buildGstr1(documents, { gstin, period, ...(amendments ? { amendments } : {}) });
  for (const e of res.errors) process.stderr.write(`error ${e.code} ${e.message}${e.path ? ` at ${e.path}` : ''}\n`);
  for (const w of res.warnings) process.stderr.write(`warning ${w.code} ${w.message}${w.path ? ` at ${w.path}` : ''}\n`);
  await writeOut(JSON.stringify(res.json, null, 2) + '\n');
  return res.errors.length > 0 ? 1 : 0;
}
