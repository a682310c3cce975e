import { UsageError } from './io.js';

/** `gstkit masters import-hsn <HSN_SAC.xlsx> --out FILE`. */
export async function mastersCommand(args: readonly string[]): Promise<number> {
  const [what, ...rest] = args;
  if (what !== 'import-hsn') throw new UsageError('usage: gstkit masters import-hsn <HSN_SAC.xlsx> --out FILE');
  const { importHsnCommand } = await import('../masters/index.js');
  return importHsnCommand(rest);
}
