/**
 * Builds test/corpus/validation-corpus.jsonl.gz from the inputs the test suite passed to validate() and to
 * the rules, as recorded during one run of the suite (one JSON line per call: kind or rule id, payload,
 * options). Run once when the corpus is to grow: `npx tsx test/corpus/build-corpus.ts <dir of recordings>`.
 * Calls through the rules become validate() calls of the rule's kind; every entry gets a fixed `today`
 * so that the findings do not move with the calendar.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { allRules } from '../../src/rules/index.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: build-corpus.ts <dir of recordings>');
const kindOfRule = new Map(allRules().map(({ kind, rule }) => [rule.id, kind]));
const lines = new Set<string>();
for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
  for (const line of readFileSync(`${dir}/${name}`, 'utf8').split('\n')) {
    if (!line) continue;
    const recorded = JSON.parse(line) as { kind?: string; rule?: string; payload: unknown; options: Record<string, unknown> };
    const kind = recorded.kind ?? kindOfRule.get(recorded.rule ?? '');
    if (!kind) continue;
    const options = { today: '24/11/2026', ...recorded.options };
    lines.add(JSON.stringify({ kind, options, payload: recorded.payload }));
  }
}
const sorted = [...lines].sort();
writeFileSync(new URL('./validation-corpus.jsonl.gz', import.meta.url), gzipSync(sorted.join('\n') + '\n', { level: 9 }));
console.log(`${sorted.length} entries`);
