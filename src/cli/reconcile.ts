import { createReadStream, createWriteStream, writeFileSync } from 'node:fs';
import { readInput, parseOptions, UsageError, writeOut } from './io.js';

const USAGE =
  'usage: gstkit reconcile <purchases.csv> <gstr2b.json>... [--out report.xlsx] [--json] [--tolerance RUPEES] [--tolerance-percent P] [--date-window DAYS] [--no-pan-level] [--greedy] [--ims-out FILE [--ims-period YYYY-MM]]';

function numberOption(options: Map<string, string>, name: string): number | undefined {
  const v = options.get(name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} must be a number of zero or more`);
  return n;
}

/**
 * Feeds a file (or standard input, `-`) to `push` in decoded pieces as it is read, so a file of hundreds
 * of MB is never held whole. A file that cannot be read is a usage error, worded as {@link readInput}'s.
 */
async function streamText(source: string, push: (text: string) => void): Promise<void> {
  const stream = source === '-' ? process.stdin.setEncoding('utf8') : createReadStream(source, { encoding: 'utf8', highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) push(chunk as string);
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code ?? (cause instanceof Error ? cause.message : String(cause));
    throw new UsageError(`cannot read ${source === '-' ? 'standard input' : source}: ${reason}`);
  }
}

/**
 * `gstkit reconcile`: the purchase register CSV against one or more GSTR-2B JSON files. Prints a summary,
 * or `{"rows": [...]}` with `--json`; writes the Excel report with `--out`. Exit 0 when it ran, 1 when an
 * input could not be read.
 */
export async function reconcileCommand(args: readonly string[]): Promise<number> {
  const flags = new Set<string>(args.filter((a) => a === '--json' || a === '--no-pan-level' || a === '--greedy'));
  const { positional, options } = parseOptions(
    args.filter((a) => !flags.has(a)),
    ['out', 'tolerance', 'tolerance-percent', 'date-window', 'ims-out', 'ims-period'],
  );
  if (positional.length < 2) throw new UsageError(USAGE);
  const [csvFile, ...files] = positional as [string, ...string[]];
  const { openPurchaseCsv, reconcile, toJsonRow, writeReconcileReport } = await import('../reconcile/index.js');
  const { readGstr2b } = await import('../gstr/read-2b.js');
  const { openGstr2bText } = await import('../gstr/read-2b-stream.js');

  // Both inputs are read as they stream in: a register or a GSTR-2B of a million documents is never held
  // as one text or one parsed tree.
  const csvReading = openPurchaseCsv();
  await streamText(csvFile, (text) => csvReading.push(text));
  const csv = csvReading.end();
  const problems: string[] = [];
  if (!csv.ok) for (const e of csv.errors) problems.push(`${csvFile}: ${e.code} ${e.message}`);
  const returns = [];
  for (const f of files) {
    const reading = openGstr2bText();
    await streamText(f, (text) => reading.push(text));
    let read = reading.end();
    // A file that fails is read again whole, so that its errors are reported word for word as before
    // (a syntax error's position is the whole text's); only a failing file pays for it.
    if (!read.ok && f !== '-') read = readGstr2b(readInput(f));
    if (read.ok) returns.push(read.value);
    else for (const e of read.errors.slice(0, 20)) problems.push(`${f}: ${e.code} ${e.message} at ${e.path}`);
  }
  if (problems.length > 0 || !csv.ok) {
    process.stderr.write(problems.join('\n') + '\n');
    return 1;
  }
  for (const w of csv.value.warnings.slice(0, 20)) process.stderr.write(`${csvFile}: warning ${w.code} ${w.message}\n`);

  const tolerance = numberOption(options, 'tolerance');
  const percent = numberOption(options, 'tolerance-percent');
  const window = numberOption(options, 'date-window');
  const result = reconcile(csv.value.rows, returns, {
    tolerance: { ...(tolerance !== undefined ? { absolute: tolerance } : {}), ...(percent !== undefined ? { percent } : {}) },
    ...(window !== undefined ? { dateWindowDays: window } : {}),
    panLevel: !flags.has('--no-pan-level'),
    ...(flags.has('--greedy') ? { pairing: 'greedy' as const } : {}),
  });

  const out = options.get('out');
  if (out !== undefined) {
    const stream = createWriteStream(out);
    const failed = new Promise<never>((_, reject) => stream.once('error', (e) => reject(new UsageError(`cannot write ${out}: ${e.message}`))));
    const { streamSink } = await import('../render/excel/zip.js');
    // The writer closes the sink (and so the file) when the workbook is complete.
    await Promise.race([writeReconcileReport(streamSink(stream), result), failed]);
  }
  const imsOut = options.get('ims-out');
  if (imsOut !== undefined) {
    const { imsOfflineJson } = await import('../reconcile/index.js');
    const gstins = [...new Set(returns.map((r) => r.gstin))];
    const periods = [...new Set(returns.map((r) => r.period))];
    const period = options.get('ims-period') ?? (periods.length === 1 ? periods[0] : undefined);
    if (gstins.length !== 1) throw new UsageError(`--ims-out needs GSTR-2B files of one recipient, not ${gstins.join(', ')}`);
    if (period === undefined || !/^\d{4}-(0[1-9]|1[0-2])$/.test(period))
      throw new UsageError('--ims-out needs one GSTR-2B period: give --ims-period YYYY-MM when the files span several');
    const offline = imsOfflineJson(result, { gstin: gstins[0] as string, period });
    try {
      writeFileSync(imsOut, JSON.stringify(offline.json, null, 2) + '\n');
    } catch (e) {
      throw new UsageError(`cannot write ${imsOut}: ${(e as Error).message}`);
    }
    process.stderr.write(`IMS offline JSON: ${offline.records} action(s) written to ${imsOut}, ${offline.skipped.length} row(s) left out\n`);
  }
  if (flags.has('--json')) {
    // The text of JSON.stringify({ rows }), written a batch at a time: the rows of a million documents would
    // be one string longer than V8 allows.
    let batch = '{"rows":[';
    for (let i = 0; i < result.rows.length; i++) {
      batch += (i === 0 ? '' : ',') + JSON.stringify(toJsonRow(result.rows[i]!));
      if (batch.length >= 1 << 20) {
        await writeOut(batch);
        batch = '';
      }
    }
    await writeOut(batch + ']}\n');
  } else {
    const s = result.summary;
    const lines = [
      `purchases: ${csv.value.rows.length}, GSTR-2B documents: ${returns.reduce((n, r) => n + r.documents.length, 0)} in ${returns.length} file(s)`,
      `matched: ${s.matched}`,
      `matched with tolerance: ${s['matched-with-tolerance']}`,
      `mismatch: ${s.mismatch}`,
      `missing in 2B: ${s['missing-in-2b']}`,
      `missing in books: ${s['missing-in-books']}`,
    ];
    if (result.late) lines.push(`late in GSTR-2B (a later period than the document's): ${result.late}`);
    if (out !== undefined) lines.push(`report: ${out}`);
    await writeOut(lines.join('\n') + '\n');
  }
  return 0;
}
