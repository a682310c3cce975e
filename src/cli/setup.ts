/**
 * What `gstkit serve` and `gstkit worker` share: API keys and companies from the environment, the store
 * (PGlite in GSTKIT_DATA_DIR, or PostgreSQL at DATABASE_URL), and the sandbox over it.
 * @module
 */
import { generateApiKey, parseApiKeys, type ApiKey } from '../ports/auth.js';
import type { Store } from '../ports/store.js';
import { demoGstins, openSandbox, type Sandbox } from '../sandbox/index.js';
import { DEFAULT_DATA_DIR, openStore } from '../store/index.js';
import { parseCompanyGstins, parseCompanyTurnover } from './companies.js';

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
  const parsed = parseCompanyGstins(env['GSTKIT_SANDBOX_GSTINS'], companyIds, demoGstins);
  if (!parsed.ok) return { ok: false, code: 2, message: `GSTKIT_SANDBOX_GSTINS: ${parsed.message}` };
  const turnover = parseCompanyTurnover(env['GSTKIT_COMPANY_AATO'], companyIds);
  if (!turnover.ok) return { ok: false, code: 2, message: `GSTKIT_COMPANY_AATO: ${turnover.message}` };

  // Pulls and exports run in worker threads so requests never wait behind them; 0 runs them in line.
  const jobThreads = Number(env['GSTKIT_JOB_THREADS'] ?? 2);
  if (!Number.isInteger(jobThreads) || jobThreads < 0 || jobThreads > 64) return { ok: false, code: 2, message: 'GSTKIT_JOB_THREADS: a whole number from 0 to 64' };

  const databaseUrl = env['DATABASE_URL'] || undefined;
  const dataDir = env['GSTKIT_DATA_DIR'] || DEFAULT_DATA_DIR;
  let store: Store;
  try {
    store = await openStore({ ...(databaseUrl ? { databaseUrl } : {}), dataDir });
  } catch (e) {
    return { ok: false, code: 1, message: `cannot open the store: ${(e as Error).message}` };
  }
  // Without configured keys, one demo key, made once and kept: the same after a restart and on every server.
  const demoKey = keys.length === 0 ? (JSON.parse(await store.secret('demo-api-key', () => JSON.stringify(generateApiKey('demo')))) as ApiKey) : undefined;
  if (demoKey) keys = [demoKey];
  // The keys are not written to the store: this server accepts exactly the keys of its own configuration.
  // One seed for every process sharing the store, so the sandbox GST portal's synthetic suppliers agree.
  const seed = Number(await store.secret('sandbox-seed', () => String(Date.now() % 1_000_000_000)));
  const sandbox = await openSandbox({ companies: Object.fromEntries(parsed.companies), store, seed, jobThreads });
  return { ok: true, setup: { keys, ...(demoKey ? { demoKey } : {}), companies: parsed.companies, turnover: turnover.turnover, jobThreads, store, dataDir, sandbox } };
}
