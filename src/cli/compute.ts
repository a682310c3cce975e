import { completeInvoice } from '../compute/complete-invoice.js';
import { normalize } from '../normalize/normalize.js';
import { parseOptions, readJson, UsageError, writeOut } from './io.js';

/** `gstkit compute irn <file|->`: the IRN request with every derivable amount filled in. */
export async function computeCommand(args: readonly string[]): Promise<number> {
  const { positional } = parseOptions(args, []);
  if (positional[0] !== 'irn') throw new UsageError('usage: gstkit compute irn <file|->');
  const { value } = normalize('irn', readJson(positional[1]));
  await writeOut(JSON.stringify(completeInvoice(value), null, 2) + '\n');
  return 0;
}
