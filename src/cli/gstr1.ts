import { parseOptions, readJson, UsageError, writeOut } from './io.js';

const USAGE = 'usage: gstkit gstr1 <documents.json|-> --gstin GSTIN --period MMYYYY [--amendments FILE]';
const COMPARE_USAGE = 'usage: gstkit gstr1 compare <books.json> <portal.json> [--gstin GSTIN --period MMYYYY] [--tolerance RUPEES]';

/**
 * `gstkit gstr1 compare`: the books' GSTR-1 (its JSON, or the IRN payloads it is built from, with --gstin and
 * --period) against the portal's copy. The comparison as JSON on standard output, the counts on standard
 * error; exit 0 when every row matches, 1 otherwise.
 */
async function compareCommand(args: readonly string[]): Promise<number> {
  const { positional, options } = parseOptions(args, ['gstin', 'period', 'tolerance']);
  if (positional.length !== 2) throw new UsageError(COMPARE_USAGE);
  const { buildGstr1, compareGstr1 } = await import('../gstr1/index.js');
  let books = readJson(positional[0]);
  if (Array.isArray(books)) {
    const gstin = options.get('gstin');
    const period = options.get('period');
    if (!gstin || !period) throw new UsageError(`${positional[0]} holds IRN payloads: give --gstin and --period to build the books' GSTR-1\n${COMPARE_USAGE}`);
    books = buildGstr1(books, { gstin, period }).json;
  }
  const tolerance = options.has('tolerance') ? Number(options.get('tolerance')) : 0;
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new UsageError(`--tolerance must be a number of rupees\n${COMPARE_USAGE}`);
  const result = compareGstr1(books, readJson(positional[1]), { tolerance });
  const s = result.summary;
  process.stderr.write(
    `matched ${s.matched}, different ${s.different}, missing in GSTR-1 ${s['missing-in-gstr1']}, missing in the books ${s['missing-in-books']}\n`,
  );
  await writeOut(JSON.stringify(result, null, 2) + '\n');
  return s.different + s['missing-in-gstr1'] + s['missing-in-books'] > 0 ? 1 : 0;
}

/**
 * `gstkit gstr1`: GSTR-1 JSON (the offline tool's format) on standard output from a JSON array of IRN
 * request payloads. The pre-upload checks go to standard error; exit 1 when any of them is an error.
 */
export async function gstr1Command(args: readonly string[]): Promise<number> {
  if (args[0] === 'compare') return compareCommand(args.slice(1));
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
