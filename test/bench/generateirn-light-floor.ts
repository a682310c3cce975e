/**
 * generateirn's CPU per call without a socket, gstkit beside the raw-library floor, in one process: the
 * node binding's light entry (the request as node:http would have parsed it, the reply's JSON text taken as
 * the binding writes it) against the floor of http-floor.ts without its socket (JSON.parse, a fresh Ajv on
 * the e-invoice schema, SHA-256, two RS256 JWS signatures, a JSON reply). Without sockets and a load
 * generator sharing the cores, what is left is the handler's own CPU, which moves far less with the
 * machine's load than http-floor.ts does. Rounds alternate floor and gstkit; medians are printed.
 * Run: npx tsx test/bench/generateirn-light-floor.ts [rounds=7] [calls per round=1000]
 * (GSTKIT_BENCH_FROM=dist after `npm run build`: the built package)
 */
import { createFloorIrn } from './floor-irn.js';
import { lightGenerateIrn } from './light-generateirn.js';

const { nextBody, register } = await lightGenerateIrn('HF');

async function gstkit(): Promise<number> {
  return Buffer.byteLength((await register()).text);
}

const floorIrn = createFloorIrn();
function floor(): number {
  const out = floorIrn(JSON.parse(nextBody().toString('utf8')) as Record<string, any>);
  if (!out.ok) throw new Error(`the floor refused the invoice: ${out.reply}`);
  return Buffer.byteLength(out.reply);
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rounds = Number(process.argv[2] ?? 7);
const perRound = Number(process.argv[3] ?? 1000);
// Warm both up (JIT, lazy modules) before measuring.
for (let i = 0; i < 1500; i++) {
  await gstkit();
  floor();
}
const floors: number[] = [];
const ours: number[] = [];
for (let round = 0; round < rounds; round++) {
  let start = cpuMs();
  for (let i = 0; i < perRound; i++) floor();
  floors.push((cpuMs() - start) / perRound);
  start = cpuMs();
  for (let i = 0; i < perRound; i++) await gstkit();
  ours.push((cpuMs() - start) / perRound);
  console.log(`round ${round + 1}: floor ${floors[round]!.toFixed(3)} ms, gstkit ${ours[round]!.toFixed(3)} ms of CPU a call`);
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const [mf, mg] = [median(floors), median(ours)];
console.log(`node ${process.version}, ${rounds} rounds of ${perRound} calls, no socket`);
console.log(`floor (JSON.parse + fresh Ajv + SHA-256 + 2 RS256 + JSON reply): ${mf.toFixed(3)} ms CPU a call`);
console.log(
  `gstkit generateirn (light entry, sandbox, memory store):    ${mg.toFixed(3)} ms CPU a call (${(mg / mf).toFixed(2)}x the floor, ${(mg - mf).toFixed(3)} ms beyond it)`,
);
