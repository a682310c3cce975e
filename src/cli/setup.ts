/**
 * What `gstkit serve` and `gstkit worker` share: API keys and companies from the environment, the store
 * (PGlite in GSTKIT_DATA_DIR, or PostgreSQL at DATABASE_URL), and the sandbox over it.
 * @module
 */
import { generateApiKey, parseApiKeys, type ApiKey } from '../ports/auth.js';
import type { Store } from '../ports/store.js';
import { demoGstins, openSandbox, type Sandbox } from '../sandbox/index.js';
import { existsSync, statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DEFAULT_DATA_DIR, openStore } from '../store/index.js';
import { isDiskFull } from '../store/disk-full.js';
import { parseCompanyGstins, parseCompanyTurnover } from './companies.js';
import { deadlinesFromEnv, type Deadlines } from './deadlines.js';

export interface ServerSetup {
  /** The keys this server accepts, and no other (revocations in the store aside). */
  keys: ApiKey[];
  /** The generated demo key, when no keys are configured. */
  demoKey?: ApiKey;
  companies: Map<string, string[]>;
  /** Each company's aggregate annual turnover in rupees, from GSTKIT_COMPANY_AATO. */
  turnover: Map<string, number>;
  /** GSTKIT_JOB_THREADS: worker threads for jobs (and, in a server, for PDFs); 0 runs them in line. */
  jobThreads: number;
  store: Store;
  dataDir: string;
  sandbox: Sandbox;
  /** Deadlines of the calls to PostgreSQL and Redis (GSTKIT_DB_TIMEOUT_MS, ...). */
  deadlines: Deadlines;
}

/** Reads the settings and opens the store; a wrong setting gives the exit code and message instead. */
export async function setUp(env: NodeJS.ProcessEnv): Promise<{ ok: true; setup: ServerSetup } | { ok: false; code: number; message: string }> {
  let keys: ApiKey[];
  try {
    keys = env['GSTKIT_API_KEYS'] ? parseApiKeys(env['GSTKIT_API_KEYS']) : [];
  } catch (e) {
    return { ok: false, code: 2, message: `GSTKIT_API_KEYS: ${(e as Error).message}` };
  }
  const companyIds = keys.length > 0 ? [...new Set(keys.map((k) => k.companyId))] : ['demo'];
  // GSTKIT_COMPANY_GSTINS, or its older name GSTKIT_SANDBOX_GSTINS.
  const gstinsName = env['GSTKIT_COMPANY_GSTINS']?.trim() ? 'GSTKIT_COMPANY_GSTINS' : 'GSTKIT_SANDBOX_GSTINS';
  const parsed = parseCompanyGstins(env[gstinsName], companyIds, demoGstins);
  if (!parsed.ok) return { ok: false, code: 2, message: `${gstinsName}: ${parsed.message}` };
  const turnover = parseCompanyTurnover(env['GSTKIT_COMPANY_AATO'], companyIds);
  if (!turnover.ok) return { ok: false, code: 2, message: `GSTKIT_COMPANY_AATO: ${turnover.message}` };

  // Pulls and exports run in worker threads so requests never wait behind them; 0 runs them in line.
  const jobThreads = Number(env['GSTKIT_JOB_THREADS'] ?? 2);
  if (!Number.isInteger(jobThreads) || jobThreads < 0 || jobThreads > 64)
    return { ok: false, code: 2, message: 'GSTKIT_JOB_THREADS: a whole number from 0 to 64' };

  const deadlines = deadlinesFromEnv(env);
  if (!deadlines.ok) return { ok: false, code: 2, message: deadlines.message };
  const { dbTimeoutMs, dbConnectTimeoutMs } = deadlines.deadlines;

  const databaseUrl = env['DATABASE_URL'] || undefined;
  const dataDir = env['GSTKIT_DATA_DIR'] || DEFAULT_DATA_DIR;
  let store: Store;
  try {
    store = await openStore({ ...(databaseUrl ? { databaseUrl } : {}), dataDir, postgres: { timeoutMs: dbTimeoutMs, connectTimeoutMs: dbConnectTimeoutMs } });
  } catch (e) {
    return { ok: false, code: 1, message: `cannot open the store: ${diskFullAdvice(e, databaseUrl ? undefined : dataDir) ?? (e as Error).message}` };
  }
  try {
    return { ok: true, setup: await prepare(store, keys, parsed.companies, turnover.turnover, dataDir, jobThreads, deadlines.deadlines) };
  } catch (e) {
    await store.close().catch(() => undefined);
    const advice = diskFullAdvice(e, databaseUrl ? undefined : dataDir);
    if (advice) return { ok: false, code: 1, message: `cannot start: ${advice}` };
    throw e;
  }
}

/**
 * What to free when the store's disk is full, or undefined for any other failure. PGlite on a disk with no
 * room left can also fail to start as a bare "Aborted()": the folder's free space tells.
 */
function diskFullAdvice(e: unknown, dataDir: string | undefined): string | undefined {
  let free: number | undefined;
  if (dataDir) {
    try {
      const fs = statfsSync(existsSync(dataDir) ? dataDir : dirname(resolve(dataDir)));
      free = fs.bavail * fs.bsize;
    } catch {
      free = undefined;
    }
  }
  const aborted = e instanceof Error && /Aborted\(\)/.test(e.message) && free !== undefined && free < 16 << 20;
  if (!isDiskFull(e) && !aborted) return undefined;
  return dataDir
    ? `the disk holding the data folder ${resolve(dataDir)} is full (${free ?? 0} bytes free). Free some space on that disk (PGlite needs a few MB to start), or move the folder to a larger disk and point GSTKIT_DATA_DIR at it, then start again; nothing in the folder was lost`
    : `the database server's disk is full (${(e as Error).message}). Free space where PostgreSQL keeps its data, then start again`;
}

/** Keys, seed and sandbox: the first writes of a start. */
async function prepare(
  store: Store,
  configured: ApiKey[],
  companies: Map<string, string[]>,
  turnover: Map<string, number>,
  dataDir: string,
  jobThreads: number,
  deadlines: Deadlines,
): Promise<ServerSetup> {
  let keys = configured;
  // Without configured keys, one demo key, made once and kept: the same after a restart and on every server.
  const demoKey = keys.length === 0 ? (JSON.parse(await store.secret('demo-api-key', () => JSON.stringify(generateApiKey('demo')))) as ApiKey) : undefined;
  if (demoKey) keys = [demoKey];
  // The keys are not written to the store: this server accepts exactly the keys of its own configuration.
  // One seed for every process sharing the store, so the sandbox GST portal's synthetic suppliers agree.
  const seed = Number(await store.secret('sandbox-seed', () => String(Date.now() % 1_000_000_000)));
  const sandbox = await openSandbox({ companies: Object.fromEntries(companies), store, seed, jobThreads });
  return { keys, ...(demoKey ? { demoKey } : {}), companies, turnover, jobThreads, store, dataDir, sandbox, deadlines };
}
