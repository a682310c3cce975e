/**
 * One read of a GSTR-2B file, run as its own process by test/bench/reconcile-command.ts so each read's
 * peak RSS is its own: `plain` reads the file whole and JSON.parse's it (the floor), `stream` feeds the
 * file's chunks to gstkit's streaming reader. Prints the time of the read alone (no process start), the
 * documents and the peak RSS as one JSON line.
 * Run: npx tsx test/bench/reconcile-read-2b.ts plain|stream FILE
 * @module
 */
import { createReadStream, readFileSync } from 'node:fs';
import { openGstr2bText } from '../../src/gstr/read-2b-stream.js';

const [mode, file] = process.argv.slice(2);
if ((mode !== 'plain' && mode !== 'stream') || !file) {
  process.stderr.write('usage: reconcile-read-2b.ts plain|stream FILE\n');
  process.exit(2);
}

const t0 = performance.now();
let documents = 0;
if (mode === 'plain') {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { data: { docdata: Record<string, Array<Record<string, unknown[]>>> } };
  // Count what the floor parsed, so the parse cannot be skipped.
  for (const suppliers of Object.values(data.data.docdata)) for (const s of suppliers) documents += (s.inv ?? s.nt ?? []).length;
} else {
  const reading = openGstr2bText();
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) reading.push(chunk as string);
  const read = reading.end();
  if (!read.ok) throw new Error(read.errors.map((e) => `${e.code} ${e.message}`).join('\n'));
  documents = read.value.documents.length;
}
const ms = performance.now() - t0;
process.stdout.write(`${JSON.stringify({ mode, documents, ms, maxRssKb: process.resourceUsage().maxRSS })}\n`);
