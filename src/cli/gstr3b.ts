/**
 * `gstkit gstr3b`: GSTR-3B computed for one GSTIN and month from the sales (e-invoices), the sales register,
 * GSTR-2B, IMS actions and the purchase register (reconciled against the 2B). Prints the cells, or the save
 * JSON with `--json`; writes the drill-down workbook with `--out`.
 * @module
 */
import { createWriteStream } from 'node:fs';
import { parseOptions, readInput, readJson, UsageError, writeOut } from './io.js';

const USAGE =
  'usage: gstkit gstr3b --gstin GSTIN --period MMYYYY --sales DOCS.json [--sales-register FILE.csv] --gstr2b FILE.json [--ims FILE.json] [--purchases FILE.csv] [--json] [--out FILE.xlsx]';

/** Exit 0 when the return was computed with no error, 1 when some input was refused or left out, 2 on misuse. */
export async function gstr3bCommand(args: readonly string[]): Promise<number> {
  const { positional, options } = parseOptions(args, ['gstin', 'period', 'sales', 'sales-register', 'gstr2b', 'ims', 'purchases', 'out'], ['json']);
  const gstin = options.get('gstin');
  const period = options.get('period');
  const salesFile = options.get('sales');
  const gstr2bFile = options.get('gstr2b');
  if (positional.length > 0 || !gstin || !period || !salesFile || !gstr2bFile) throw new UsageError(USAGE);
  const sales = readJson(salesFile);
  if (!Array.isArray(sales)) throw new UsageError(`${salesFile} should hold a JSON array of e-invoices (IRN request payloads or records)`);

  const { computeGstr3b, readImsActions, readSalesRegisterCsv, toGstr3bSaveJson, writeGstr3bWorkbook, amountsText } = await import('../gstr3b/index.js');
  const { readGstr2b } = await import('../gstr/read-2b.js');
  const problems: string[] = [];
  const gstr2b = readGstr2b(readInput(gstr2bFile));
  if (!gstr2b.ok) for (const e of gstr2b.errors.slice(0, 20)) problems.push(`${gstr2bFile}: ${e.code} ${e.message} at ${e.path}`);
  const registerFile = options.get('sales-register');
  const register = registerFile === undefined ? undefined : readSalesRegisterCsv(readInput(registerFile).toString('utf8'));
  if (register && !register.ok) for (const e of register.errors) problems.push(`${registerFile}: ${e.code} ${e.message}`);
  if (register?.ok) for (const e of register.value.errors) problems.push(`${registerFile}: ${e.code} ${e.message}`);
  const purchasesFile = options.get('purchases');
  const { readPurchaseCsv, reconcile } = await import('../reconcile/index.js');
  const purchases = purchasesFile === undefined ? undefined : readPurchaseCsv(readInput(purchasesFile).toString('utf8'));
  if (purchases && !purchases.ok) for (const e of purchases.errors.slice(0, 20)) problems.push(`${purchasesFile}: ${e.code} ${e.message}`);
  if (problems.length > 0 || !gstr2b.ok) {
    process.stderr.write(problems.join('\n') + '\n');
    return 1;
  }
  const imsFile = options.get('ims');
  const ims = imsFile === undefined ? undefined : readImsActions(readJson(imsFile));
  if (ims && ims.unreadable > 0) process.stderr.write(`${imsFile}: ${ims.unreadable} record(s) without a readable action were skipped\n`);

  const result = computeGstr3b({
    gstin,
    period,
    sales,
    gstr2b: gstr2b.value,
    ...(register?.ok ? { salesRegister: register.value.rows } : {}),
    ...(ims ? { ims: ims.actions } : {}),
    ...(purchases?.ok ? { purchases: purchases.value.rows, reconciliation: reconcile(purchases.value.rows, [gstr2b.value]) } : {}),
  });
  for (const e of result.errors) process.stderr.write(`error ${e.code} ${e.message}${e.path ? ` at ${e.path}` : ''}\n`);
  for (const w of result.warnings) process.stderr.write(`warning ${w.code} ${w.message}${w.path ? ` at ${w.path}` : ''}\n`);

  const out = options.get('out');
  if (out !== undefined) {
    const stream = createWriteStream(out);
    const failed = new Promise<never>((_, reject) => stream.once('error', (e) => reject(new UsageError(`cannot write ${out}: ${e.message}`))));
    const { streamSink } = await import('../render/excel/zip.js');
    // The writer closes the sink (and so the file) when the workbook is complete.
    await Promise.race([writeGstr3bWorkbook(streamSink(stream), result), failed]);
  }
  if (options.has('json')) {
    await writeOut(JSON.stringify(toGstr3bSaveJson(result), null, 2) + '\n');
  } else {
    const lines = result.cells.map(
      (c) => `${c.id.padEnd(14)} ${amountsText(c.amounts)}  (${c.documents.length} document(s)${c.locked ? ', locked on the portal' : ''})`,
    );
    lines.push(`held back from table 4: ${result.heldBack.length} document(s)`);
    if (out !== undefined) lines.push(`workbook: ${out}`);
    await writeOut(lines.join('\n') + '\n');
  }
  return result.errors.length > 0 ? 1 : 0;
}
