/**
 * `npx tsx test/bench/soak-routes.ts [stages] [requests]`: what each valid request of the soak's mix costs
 * the server as its store fills. `gstkit serve` runs as the soak runs it (test/fuzz/server.ts); the mix is
 * sent (8 at once) until it has sent each stage's number of requests (default 0,5000,10000,20000), and at
 * each stage every route of the mix is asked `requests` times (default 40) one after another, timing the
 * answers and reading the server's CPU time (all its threads, from /proc) before and after. A route whose
 * cost grows with the data held shows as a row that climbs from stage to stage; the day lists climb with
 * the bills they list, which are printed beside them.
 */
import { makeClient } from '../fuzz/client.js';
import { startFuzzServer } from '../fuzz/server.js';
import { validPicker, validRequests } from '../fuzz/soak-mix.js';

const stages = (process.argv[2] ?? '0,5000,10000,20000').split(',').map(Number);
const asked = Number(process.argv[3] ?? 40);

const target = await startFuzzServer(process.env['SOAK_DATA_DIR'] ? { GSTKIT_DATA_DIR: process.env['SOAK_DATA_DIR'] } : {});
const client = makeClient(target.base, 8);
try {
  const table = validRequests(target);
  const next = validPicker(table);
  let sent = 0;
  const rows = new Map<string, string[]>();
  for (const stage of stages) {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < stage) await client.send(next(sent++));
      }),
    );
    const lists: string[] = [];
    for (const [, make] of table) {
      const sample = make(1_000_000 + sent++);
      const first = await client.send(sample);
      if (sample.note.startsWith('day list'))
        lists.push(`${sample.note.slice(9)} ${(first.head.toString().match(/"ewbNo"/g) ?? []).length}+ bills, ${first.bytes} bytes`);
      const cpuBefore = target.cpuSeconds();
      const started = performance.now();
      for (let i = 0; i < asked; i++) await client.send(make(2_000_000 + sent++ * 100 + i));
      const wall = (performance.now() - started) / asked;
      const cpu = ((target.cpuSeconds() - cpuBefore) * 1000) / asked;
      rows.set(sample.note, [...(rows.get(sample.note) ?? []), `${wall.toFixed(1)} / ${cpu.toFixed(1)}`]);
    }
    console.log(`after ${sent} requests: RSS ${(target.rss() / 1048576).toFixed(0)} MiB; ${lists.join('; ')}`);
  }
  console.log(`\nms a request, wall / server CPU, ${asked} asked one after another, at ${stages.join(', ')} requests of the mix sent:`);
  console.log(`| route | ${stages.join(' | ')} |\n|---|${stages.map(() => '---:').join('|')}|`);
  for (const [note, cells] of rows) console.log(`| ${note} | ${cells.join(' | ')} |`);
} finally {
  client.close();
  await target.stop();
}
