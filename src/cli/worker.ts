/**
 * `gstkit worker`: runs GSTR jobs and bulk registrations from the BullMQ queue (REDIS_URL) against the
 * shared store (DATABASE_URL), beside any number of `gstkit serve` processes with the same settings
 * (GSTKIT_PROVIDER=nic and the NIC_* settings register bulk documents at NIC, as the servers do).
 * @module
 */
import { gstrJobExecutor } from '../jobs/executor.js';
import { createJobSecrets } from '../jobs/job-secrets.js';
import { sessionKeyFromEnv } from '../connectors/nic/from-env.js';
import { startBullWorker } from '../jobs/bullmq.js';
import { commandHelp } from './help.js';
import { setUp } from './setup.js';
import { liveGstPortalFromEnv } from './gst-portal-env.js';
import { bulkPaceFromEnv } from './bulk-pace.js';
import type { EwbProvider, IrpProvider } from '../ports/index.js';
import type { NicServeProviders } from '../connectors/nic/from-env.js';

const USAGE = commandHelp['worker']!;

/** Runs until SIGINT or SIGTERM; resolves with the exit code. */
export async function run(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let concurrency = 2;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--help' || a === '-h') {
      process.stdout.write(USAGE + '\n');
      return 0;
    } else if (a === '--concurrency') concurrency = Number(args[++i]);
    else {
      process.stderr.write(`unknown argument ${a}\n${USAGE}\n`);
      return 2;
    }
  }
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    process.stderr.write(`invalid concurrency\n${USAGE}\n`);
    return 2;
  }
  const redisUrl = env['REDIS_URL'];
  if (!redisUrl || !env['DATABASE_URL']) {
    process.stderr.write(`gstkit worker needs REDIS_URL and DATABASE_URL (a worker shares the servers' store)\n${USAGE}\n`);
    return 2;
  }
  const gstn = await liveGstPortalFromEnv(env);
  if (!gstn.ok) {
    process.stderr.write(gstn.message + '\n');
    return 2;
  }
  // Opens what the servers sealed for the jobs (a filing's EVC OTP): the servers' GSTKIT_SESSION_KEY.
  const secretsKey = sessionKeyFromEnv(env);
  if (!secretsKey.ok) {
    process.stderr.write(secretsKey.message + '\n');
    return 2;
  }
  // Bulk registrations go where the servers send single ones: the sandbox, or NIC with GSTKIT_PROVIDER=nic.
  const live = (env['GSTKIT_PROVIDER'] ?? '').trim().toLowerCase() === 'nic';
  let nic: NicServeProviders | undefined;
  if (live) {
    const made = (await import('../connectors/nic/from-env.js')).nicProvidersFromEnv(env);
    if (!made.ok) {
      process.stderr.write(`GSTKIT_PROVIDER=nic: ${made.message}\n`);
      return 2;
    }
    nic = made.value;
  }
  const ready = await setUp(nic ? { ...env, GSTKIT_COMPANY_GSTINS: nic.gstins.join(',') } : env);
  if (!ready.ok) {
    process.stderr.write(ready.message + '\n');
    return ready.code;
  }
  const { store, sandbox, deadlines } = ready.setup;
  const providers = sandbox.providers;
  let registration: { irp: IrpProvider; ewb: EwbProvider } = providers;
  if (nic) {
    // The servers' sealed NIC sessions, when they share a key: one login per GSTIN for servers and workers.
    const { storedPortalSessions } = await import('../connectors/nic/stored-sessions.js');
    const key = secretsKey.key;
    const onError = (e: Error): void => void process.stderr.write(`nic sessions: the store failed (${e.message}); logging in without it\n`);
    const made = key
      ? nic.withSessions(storedPortalSessions({ store, key, previousKeys: secretsKey.previous, companyId: ready.setup.keys[0]!.companyId, onError }))
      : nic;
    registration = { irp: made.irp, ewb: made.ewb };
  }
  const pace = await bulkPaceFromEnv(env, { live, store, redisUrl, redisTimeoutMs: deadlines.redisTimeoutMs });
  if (!pace.ok) {
    process.stderr.write(pace.message + '\n');
    await store.close();
    return 2;
  }
  // With GSTKIT_GST_PORTAL=gstn the jobs reach the live portal, over the sessions the servers sealed into the store.
  const companyId = ready.setup.keys[0]!.companyId;
  const portal = gstn.value
    ? await gstn.value.portal(store, companyId, (e) => void process.stderr.write(`gst portal sessions: the store failed (${e.message})\n`))
    : providers.gstPortal;
  let worker: Awaited<ReturnType<typeof startBullWorker>>;
  try {
    worker = await startBullWorker({
      store,
      redisUrl,
      concurrency,
      timeoutMs: deadlines.redisTimeoutMs,
      ...(env['GSTKIT_QUEUE'] ? { queueName: env['GSTKIT_QUEUE'] } : {}),
      executor: gstrJobExecutor({
        portal,
        secrets: createJobSecrets(secretsKey.key, secretsKey.previous),
        store: providers.returnStore,
        clock: providers.clock,
        issuedInvoices: providers.issuedInvoices,
        // The sandbox's e-way bills, for ewaybill/extend; a worker does not log in to NIC's e-way bill portal,
        // so with GSTKIT_PROVIDER=nic those jobs fail with SVC-795 here (run them on gstkit serve without REDIS_URL).
        ...(env['GSTKIT_PROVIDER'] === 'nic' ? {} : { ewb: providers.ewb }),
        // The same worker threads as the embedded runner's, so a big export leaves this process responsive too.
        ...(sandbox.jobs.threads ? { threads: sandbox.jobs.threads } : {}),
        bulk: { irp: registration.irp, ewb: registration.ewb, ...(pace.limiter ? { limiter: pace.limiter } : {}) },
      }),
    });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    await pace.close().catch(() => undefined);
    await store.close();
    return 1;
  }
  process.stdout.write(`gstkit worker ${worker.owner} running jobs from REDIS_URL, concurrency ${concurrency}\n`);
  return new Promise<number>((resolve) => {
    const stop = (signal: string): void => {
      process.stdout.write(`\n${signal}: finishing running jobs\n`);
      void worker
        .close()
        .then(() => sandbox.jobs.close?.())
        .then(() => pace.close())
        .then(() => store.close())
        .then(() => resolve(0));
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}
