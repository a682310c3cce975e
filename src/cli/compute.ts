import { completeInvoiceWithGaps } from '../compute/complete-invoice.js';
import { normalize } from '../normalize/normalize.js';
import { parseOptions, readJson, UsageError, writeOut } from './io.js';

/**
 * `gstkit compute irn <file|->`: the IRN request with every derivable amount filled in. Amounts that
 * cannot be derived (a line without Qty and without TotAmt) are left out, never set to 0: each is named
 * on stderr (SVC-530) and the exit code is 1, the payload still on stdout.
 */
export async function computeCommand(args: readonly string[]): Promise<number> {
  const { positional } = parseOptions(args, []);
  if (positional[0] !== 'irn') throw new UsageError('usage: gstkit compute irn <file|->');
  const { value } = normalize('irn', readJson(positional[1]));
  const { value: completed, gaps } = completeInvoiceWithGaps(value);
  await writeOut(JSON.stringify(completed, null, 2) + '\n');
  for (const gap of gaps) process.stderr.write(`${gap.code} ${gap.path} ${gap.message}\n`);
  return gaps.length === 0 ? 0 : 1;
}
