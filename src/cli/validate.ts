import { isKind, kinds, type Kind } from '../kinds.js';
import { normalize } from '../normalize/normalize.js';
import { validate } from '../validate.js';
import { parseOptions, readJson, UsageError, writeOut } from './io.js';
import type { HsnMaster } from '../masters/hsn.js';
import { contextFromOptions, validateOptionNames, validateSwitches } from './validate-options.js';

function kindArgument(name: string | undefined): Kind {
  if (name === undefined) throw new UsageError(`missing kind: one of ${kinds.join(', ')}`);
  if (!isKind(name)) throw new UsageError(`unknown kind ${name}: one of ${kinds.join(', ')}`);
  return name;
}

/**
 * `gstkit validate <kind> <file|-> [--today DD/MM/YYYY] [--hsn-master FILE] [--aato RUPEES] [--irp IRP1..IRP6]
 * [--environment sandbox|production] [--strict]`: exit 0 valid, 1 invalid.
 */
export async function validateCommand(args: readonly string[]): Promise<number> {
  const { positional, options } = parseOptions(args, validateOptionNames, validateSwitches);
  const kind = kindArgument(positional[0]);
  const context = contextFromOptions(options);
  const hsnMasterFile = options.get('hsn-master');
  const hsnMaster = hsnMasterFile === undefined ? undefined : await hsnMasterFrom(hsnMasterFile);
  const payload = readJson(positional[1]);
  const result = validate(kind, payload, { ...context, ...(hsnMaster ? { hsnMaster } : {}) });
  await writeOut(JSON.stringify({ ok: result.ok, errors: result.errors, warnings: result.warnings }) + '\n');
  return result.ok ? 0 : 1;
}

/** `gstkit normalize <kind> <file|->`: the canonical payload on standard output. */
export async function normalizeCommand(args: readonly string[]): Promise<number> {
  const { positional } = parseOptions(args, []);
  const kind = kindArgument(positional[0]);
  const { value } = normalize(kind, readJson(positional[1]));
  await writeOut(JSON.stringify(value, null, 2) + '\n');
  return 0;
}

/** A compact HSN master (from `gstkit masters import-hsn`), or the official xlsx itself. */
async function hsnMasterFrom(file: string): Promise<HsnMaster> {
  const masters = await import('../masters/index.js');
  const loaded = file.toLowerCase().endsWith('.xlsx') ? await masters.loadHsnMasterFromXlsx(file) : masters.loadCompactHsn(file);
  if (!loaded.ok) throw new UsageError(`cannot use HSN master ${file}: ${loaded.errors.map((e) => e.message).join('; ')}`);
  return loaded.value;
}
