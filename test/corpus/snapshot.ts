/**
 * Writes the findings of validate() on every corpus entry to validation-findings.json.gz. Run it only when a
 * change is meant to change what validation finds, and say so in that change:
 * `npx tsx test/corpus/snapshot.ts`.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { findingsOf, loadCorpus, snapshotFile } from './corpus.js';

const findings = loadCorpus().map(findingsOf);
writeFileSync(snapshotFile, gzipSync(JSON.stringify(findings), { level: 9 }));
console.log(`${findings.length} entries, ${findings.filter((f) => f.ok === false).length} with errors, ${findings.filter((f) => f.throws).length} throwing`);
