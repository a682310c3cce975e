/**
 * Masters: loading the HSN/SAC master (official xlsx when present, and the compact form) and batches of
 * 1,000,000 lookups, next to a bare Map.get over the same keys. Heap growth of each loaded form is printed
 * once at start (run with `node --expose-gc` through NODE_OPTIONS for steadier heap figures).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bench, describe } from 'vitest';
import {
  createHsnMaster,
  hsn,
  isValidGstin,
  loadCompactHsn,
  loadHsnMasterFromXlsx,
  pinStates,
  rateAllowedOn,
  state,
  unit,
  useHsnMaster,
  writeCompactHsn,
  type HsnEntry,
  type HsnMaster,
} from '../../src/masters/index.js';

const OFFICIAL = fileURLToPath(new URL('../../../shared/reference/hsn/HSN_SAC.xlsx', import.meta.url));
const hasOfficial = existsSync(OFFICIAL);
const dir = mkdtempSync(join(tmpdir(), 'gstkit-bench-'));
const N = 1_000_000;

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1e6;
}

/** A stand-in of the official size (22k codes) when the official file is absent. */
function syntheticMaster(): HsnMaster {
  const entries: HsnEntry[] = [];
  for (let i = 0; i < 21_500; i++) {
    const code = String(1_010_000 + i * 4000 + (i % 97))
      .padStart(8, '0')
      .slice(0, 8);
    entries.push({ code, description: `SYNTHETIC GOODS DESCRIPTION NUMBER ${i} WITH SOME LENGTH TO IT`, kind: 'goods' });
  }
  for (let i = 0; i < 700; i++) entries.push({ code: String(995400 + i), description: `Synthetic service ${i}`, kind: 'service' });
  return createHsnMaster(entries, 'synthetic');
}

const before = heapMb();
let source: HsnMaster | undefined;
if (hasOfficial) {
  const r = await loadHsnMasterFromXlsx(OFFICIAL);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  source = r.value;
} else source = syntheticMaster();
const afterXlsx = heapMb();
const compactTxt = join(dir, 'hsn.txt');
const compactJson = join(dir, 'hsn.json');
writeCompactHsn(source, compactTxt);
writeCompactHsn(source, compactJson);
source = undefined;
const beforeCompact = heapMb();
const t0 = performance.now();
const compact = loadCompactHsn(compactTxt);
const compactMs = performance.now() - t0;
if (!compact.ok) throw new Error('compact load failed');
const master = compact.value;
const afterCompact = heapMb();
useHsnMaster(master);
const codes = [...master.codes.keys()].filter((c) => c.length >= 4);
console.log(
  `[masters] ${hasOfficial ? 'official' : 'synthetic'} master: ${master.codes.size} codes; ` +
    `heap +${(afterXlsx - before).toFixed(1)} MB after the ${hasOfficial ? 'xlsx load (exceljs included)' : 'synthetic build'}; ` +
    `first compact load ${compactMs.toFixed(1)} ms, heap +${(afterCompact - beforeCompact).toFixed(1)} MB`,
);

// Inputs cycle through realistic values so the lookups are not a single cached key.
const stateInputs = ['29', '07', 27, '9', '33', '96', '38', 24, '19', '36'];
const pinInputs = ['560001', '110001', '400001', 140001, '682001', '194101', '999999', '600001', '700001', '380001'];
const unitInputs = ['NOS', 'KGS', 'PCS', 'BOX', 'LTR', 'MTR', 'SET', 'OTH', 'XYZ', 'DOZ'];
const rateInputs = [0, 5, 12, 18, 28, 40, 3, 0.25, 7.5, 2];
const gstins = ['27AAPFU0939F1ZV', '24AAUPV7468F1ZW', '29AABCF8078M1C8', '9917SGP29001OST', '0717UNO00157UNO', '27AAPFU0939F1ZX'];
const hsnInputs = Array.from({ length: 1024 }, (_, i) => codes[(i * 7919) % codes.length]!);
const rawStates = new Map(stateInputs.map((s) => [String(s), s]));
const rawHsn = new Map(master.codes);

/** Results feed this so that the loops cannot be optimised away. */
let sink = 0;

const once = { iterations: 5, time: 0, warmupIterations: 1, warmupTime: 0 };

describe('1,000,000 lookups', () => {
  bench(
    'raw Map.get (baseline)',
    () => {
      for (let i = 0; i < N; i++) if (rawHsn.get(hsnInputs[i & 1023]!)) sink++;
    },
    once,
  );
  bench(
    'hsn(code) with the master set',
    () => {
      for (let i = 0; i < N; i++) if (hsn(hsnInputs[i & 1023]!)) sink++;
    },
    once,
  );
  bench(
    'raw Map.get over state codes (baseline)',
    () => {
      for (let i = 0; i < N; i++) if (rawStates.get(String(stateInputs[i % 10]))) sink++;
    },
    once,
  );
  bench(
    'state(code)',
    () => {
      for (let i = 0; i < N; i++) if (state(stateInputs[i % 10]!)) sink++;
    },
    once,
  );
  bench(
    'pinStates(pin)',
    () => {
      for (let i = 0; i < N; i++) if (pinStates(pinInputs[i % 10]!)) sink++;
    },
    once,
  );
  bench(
    'unit(code)',
    () => {
      for (let i = 0; i < N; i++) if (unit(unitInputs[i % 10]!)) sink++;
    },
    once,
  );
  bench(
    'rateAllowedOn(rate, date)',
    () => {
      for (let i = 0; i < N; i++) if (rateAllowedOn(rateInputs[i % 10]!, '15/10/2025')) sink++;
    },
    once,
  );
  bench(
    'isValidGstin(text)',
    () => {
      for (let i = 0; i < N; i++) if (isValidGstin(gstins[i % 6]!)) sink++;
    },
    once,
  );
});

process.on('exit', () => {
  if (sink === 42) console.log('');
});

describe('loading the HSN/SAC master', () => {
  bench(
    'compact line form',
    () => {
      if (!loadCompactHsn(compactTxt).ok) throw new Error('load failed');
    },
    { iterations: 20, time: 0 },
  );
  bench(
    'compact JSON form',
    () => {
      if (!loadCompactHsn(compactJson).ok) throw new Error('load failed');
    },
    { iterations: 20, time: 0 },
  );
  bench.skipIf(!hasOfficial)(
    'official xlsx with exceljs',
    async () => {
      const r = await loadHsnMasterFromXlsx(OFFICIAL);
      if (!r.ok) throw new Error('load failed');
    },
    { iterations: 3, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});
