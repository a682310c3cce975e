/**
 * `gstkit serve [--port N] [--host H]`: the reference server, node:http with the sandbox behind the adapter.
 * Settings come from the environment (README): PORT, HOST (default 127.0.0.1), the connection limits
 * GSTKIT_HEADERS_TIMEOUT_MS, GSTKIT_REQUEST_TIMEOUT_MS, GSTKIT_KEEPALIVE_TIMEOUT_MS, GSTKIT_MAX_CONNECTIONS,
 * GSTKIT_MAX_CONNECTIONS_PER_ADDRESS and
 * GSTKIT_MAX_HEADER_SIZE, the rate limits GSTKIT_RATE_LIMIT, GSTKIT_KEY_RATE_LIMITS, GSTKIT_INQUIRY_RATE_LIMIT,
 * GSTKIT_FAILED_LOGIN_LIMIT and GSTKIT_TRUSTED_PROXIES (docs/reliability.md),
 * GSTKIT_AUDIT_RETENTION_DAYS (the audit log's retention, docs/reliability.md), GSTKIT_BULK_RATE (the bulk jobs'
 * pace per GSTIN, cli/bulk-pace.ts), GSTKIT_API_KEYS, GSTKIT_SANDBOX_GSTINS,
 * GSTKIT_DATA_DIR (the embedded PGlite store, default ./.gstkit-data), DATABASE_URL (PostgreSQL instead),
 * REDIS_URL (BullMQ jobs), TURNSTILE_SECRET, TURNSTILE_VERIFY_URL, TURNSTILE_HOSTNAMES, CRM_WEBHOOK_URL, CRM_WEBHOOK_TOKEN;
 * GSTKIT_WEBHOOK_ALLOW_PRIVATE, GSTKIT_WEBHOOK_ALLOW_HTTP, GSTKIT_WEBHOOK_TIMEOUT_MS and GSTKIT_WATCH_POLL_MS (webhooks, docs/webhooks.md);
 * GSTKIT_PROVIDER=nic and the NIC_* settings of docs/connectors.md put NIC's live portals behind the
 * adapter instead of the sandbox; GSTKIT_GST_PORTAL=gstn and the GSTN_* settings put the live GST portal
 * behind the GSTR routes (each company's GSTINs from GSTKIT_COMPANY_GSTINS).
 * @module
 */
import { createGstHandler } from '../http/index.js';
import { createGstServer, DEFAULT_SERVER_LIMITS, type ServerLimits } from '../http/node-server.js';
import { withPage } from '../http/page.js';
import { readPageFiles } from './page-files.js';
import { createBullJobRunner } from '../jobs/bullmq.js';
import { basicAuth, generateApiKey } from '../ports/auth.js';
import { createJobSecrets } from '../jobs/job-secrets.js';
import { threadPdfRenderer } from '../jobs/pdf-threads.js';
import { createThreadPool } from '../jobs/thread-pool.js';
import { revokedKeyIds } from '../ports/revoked-keys.js';
import type { JobRunner } from '../ports/jobs.js';
import { createInquiryOutbox } from '../jobs/outbox.js';
import { createScheduler } from '../jobs/schedule/runner.js';
import { turnstileVerifier, webhookForwarder } from '../connectors/inquiry/index.js';
import { setUp } from './setup.js';
import { pdfBrandingFromEnv } from './pdf-branding-env.js';
import { liveGstPortalFromEnv } from './gst-portal-env.js';
import { commandHelp } from './help.js';
import { walkthrough } from './walkthrough.js';
import { conditionLog } from './condition-log.js';
import { packageFile } from '../package-files.js';
import type { NicServeProviders } from '../connectors/nic/from-env.js';
import type { ClientRateLimits, RateCounter, RateLimit, RateLimiter } from '../ports/ratelimit.js';
import type { Store } from '../ports/store.js';
import { createRateLimiter, memoryRateCounter, parseKeyRateLimits, parseRateLimit, redisRateCounter, storeRateCounter } from '../ratelimit/index.js';
import { parseAuditRetention, startAuditRetention } from '../store/audit-retention.js';
import { bulkPaceFromEnv } from './bulk-pace.js';
import { createWebhookDelivery, startWatch, storeEventSink, webhookPolicyFromEnv } from '../webhooks/index.js';

/** Every key's default limit when GSTKIT_RATE_LIMIT is unset: 1200 requests a minute. */
export const DEFAULT_RATE_LIMIT = '1200/60';
/** Sales inquiries per client address when GSTKIT_INQUIRY_RATE_LIMIT is unset: 20 an hour (an office behind one address included). */
export const DEFAULT_INQUIRY_RATE_LIMIT = '20/3600';
/** Refused credentials per client address when GSTKIT_FAILED_LOGIN_LIMIT is unset: 30 in 5 minutes. */
export const DEFAULT_FAILED_LOGIN_LIMIT = '30/300';

/** A word the shell reads back as it is. */
function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

const USAGE = 'usage: gstkit serve [--port N] [--host H]';

/** Addresses only this machine can reach: the demo key may be shown there. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || /^::ffff:127\./i.test(host);
}

/** The connection limits from GSTKIT_* settings; a wrong value is named. */
function serverLimitsFromEnv(env: NodeJS.ProcessEnv): { ok: true; limits: ServerLimits } | { ok: false; message: string } {
  const limits: ServerLimits = {};
  const read = (name: string, value: string | undefined, set: (n: number) => void): string | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < 1) return `${name} must be a positive whole number, not ${JSON.stringify(value)}`;
    set(n);
    return undefined;
  };
  const problem =
    read('GSTKIT_HEADERS_TIMEOUT_MS', env['GSTKIT_HEADERS_TIMEOUT_MS'], (n) => (limits.headersTimeoutMs = n)) ??
    read('GSTKIT_REQUEST_TIMEOUT_MS', env['GSTKIT_REQUEST_TIMEOUT_MS'], (n) => (limits.requestTimeoutMs = n)) ??
    read('GSTKIT_KEEPALIVE_TIMEOUT_MS', env['GSTKIT_KEEPALIVE_TIMEOUT_MS'], (n) => (limits.keepAliveTimeoutMs = n)) ??
    read('GSTKIT_MAX_CONNECTIONS', env['GSTKIT_MAX_CONNECTIONS'], (n) => (limits.maxConnections = n)) ??
    read('GSTKIT_MAX_CONNECTIONS_PER_ADDRESS', env['GSTKIT_MAX_CONNECTIONS_PER_ADDRESS'], (n) => (limits.maxConnectionsPerAddress = n)) ??
    read('GSTKIT_MAX_HEADER_SIZE', env['GSTKIT_MAX_HEADER_SIZE'], (n) => (limits.maxHeaderSize = n));
  if (problem) return { ok: false, message: problem };
  if ((limits.headersTimeoutMs ?? 10_000) > (limits.requestTimeoutMs ?? 30_000)) {
    return { ok: false, message: 'GSTKIT_HEADERS_TIMEOUT_MS must not exceed GSTKIT_REQUEST_TIMEOUT_MS' };
  }
  return { ok: true, limits };
}

/** The rate-limit settings as read (checked before anything is opened). */
interface RateSettings {
  byDefault: { limit: RateLimit | null };
  perKey: { limits: Map<string, RateLimit | null> };
  inquiries: { limit: RateLimit | null };
  failedLogins: { limit: RateLimit | null };
  trustedProxies: number;
}

/**
 * The per-key limits of GSTKIT_RATE_LIMIT and GSTKIT_KEY_RATE_LIMITS, the per-address limits of
 * GSTKIT_INQUIRY_RATE_LIMIT and GSTKIT_FAILED_LOGIN_LIMIT, and GSTKIT_TRUSTED_PROXIES; a wrong value is named.
 */
function rateSettingsFromEnv(env: NodeJS.ProcessEnv): ({ ok: true } & RateSettings) | { ok: false; message: string } {
  const byDefault = parseRateLimit(env['GSTKIT_RATE_LIMIT'] || DEFAULT_RATE_LIMIT);
  if (!byDefault.ok) return { ok: false, message: `GSTKIT_RATE_LIMIT: ${byDefault.message}` };
  const perKey = parseKeyRateLimits(env['GSTKIT_KEY_RATE_LIMITS'] ?? '');
  if (!perKey.ok) return { ok: false, message: `GSTKIT_KEY_RATE_LIMITS: ${perKey.message}` };
  const inquiries = parseRateLimit(env['GSTKIT_INQUIRY_RATE_LIMIT'] || DEFAULT_INQUIRY_RATE_LIMIT);
  if (!inquiries.ok) return { ok: false, message: `GSTKIT_INQUIRY_RATE_LIMIT: ${inquiries.message}` };
  const failedLogins = parseRateLimit(env['GSTKIT_FAILED_LOGIN_LIMIT'] || DEFAULT_FAILED_LOGIN_LIMIT);
  if (!failedLogins.ok) return { ok: false, message: `GSTKIT_FAILED_LOGIN_LIMIT: ${failedLogins.message}` };
  const proxies = (env['GSTKIT_TRUSTED_PROXIES'] ?? '').trim() || '0';
  if (!/^\d{1,2}$/.test(proxies))
    return {
      ok: false,
      message: `GSTKIT_TRUSTED_PROXIES must be the number of proxies in front of the server (0 to 99), not ${JSON.stringify(env['GSTKIT_TRUSTED_PROXIES'])}`,
    };
  return { ok: true, byDefault, perKey, inquiries, failedLogins, trustedProxies: Number(proxies) };
}

/**
 * The limiters of the settings over one counter, kept where every server sees the same count: Redis when
 * REDIS_URL is set, else PostgreSQL when the store is, else this process's memory.
 */
async function rateLimitersOf(
  settings: RateSettings,
  store: Store,
  redisUrl: string | undefined,
  redisTimeoutMs: number,
): Promise<
  | { ok: true; limiter?: RateLimiter; clients: ClientRateLimits; where: string; clientsWhere: string; close: () => Promise<void> }
  | { ok: false; message: string }
> {
  const { byDefault, perKey, inquiries, failedLogins, trustedProxies } = settings;
  const keysLimited = byDefault.limit !== null || [...perKey.limits.values()].some((l) => l !== null);
  const off = { ok: true as const, clients: { trustedProxies }, where: 'off', clientsWhere: 'off', close: async () => {} };
  if (!keysLimited && !inquiries.limit && !failedLogins.limit) return off;
  let counter: RateCounter;
  let where: string;
  try {
    [counter, where] = redisUrl
      ? [await redisRateCounter(redisUrl, { timeoutMs: redisTimeoutMs }), 'counted in Redis']
      : store.kind === 'postgres'
        ? [storeRateCounter(store), 'counted in PostgreSQL']
        : [memoryRateCounter(), 'counted in memory'];
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  const per = (l: { requests: number; windowMs: number }): string => `${l.requests} per ${l.windowMs / 1000} s`;
  const limit = byDefault.limit ? `${per(byDefault.limit)} per key` : 'only the keys of GSTKIT_KEY_RATE_LIMITS';
  const clients: ClientRateLimits = {
    trustedProxies,
    // Each limiter names its own buckets, so one counter serves all three.
    ...(inquiries.limit ? { inquiries: createRateLimiter({ counter, defaultLimit: inquiries.limit, prefix: 'inquiry' }) } : {}),
    ...(failedLogins.limit ? { failedLogins: createRateLimiter({ counter, defaultLimit: failedLogins.limit, prefix: 'failed-login' }) } : {}),
  };
  const clientsWhere = [
    `inquiries ${inquiries.limit ? per(inquiries.limit) : 'off'}`,
    `refused credentials ${failedLogins.limit ? per(failedLogins.limit) : 'off'}`,
    `per client address (${trustedProxies ? `the one ${trustedProxies} trusted prox${trustedProxies === 1 ? 'y names' : 'ies name'} in X-Forwarded-For` : 'X-Forwarded-For ignored'}), ${where}`,
  ].join(', ');
  return {
    ok: true,
    ...(keysLimited ? { limiter: createRateLimiter({ counter, ...(byDefault.limit ? { defaultLimit: byDefault.limit } : {}), perKey: perKey.limits }) } : {}),
    clients,
    where: keysLimited ? `${limit}, ${where}` : 'off',
    clientsWhere,
    close: async () => {
      await counter.close?.();
    },
  };
}

/** Runs the server until SIGINT or SIGTERM; resolves with the exit code. */
export async function run(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let port = Number(env['PORT'] ?? 8080);
  // Loopback by default: the demo key must not be handed to the whole network.
  let host = env['HOST'] || '127.0.0.1';
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--port' || a === '-p') port = Number(args[++i]);
    else if (a?.startsWith('--port=')) port = Number(a.slice(7));
    else if (a === '--host') host = args[++i] ?? '';
    else if (a?.startsWith('--host=')) host = a.slice(7);
    else if (a === '--help' || a === '-h') {
      process.stdout.write(commandHelp['serve'] + '\n');
      return 0;
    } else {
      process.stderr.write(`unknown argument ${a}\n${USAGE}\n`);
      return 2;
    }
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`invalid port ${String(port)}\n${USAGE}\n`);
    return 2;
  }
  if (!host.trim()) {
    process.stderr.write(`--host needs an address\n${USAGE}\n`);
    return 2;
  }
  const limits = serverLimitsFromEnv(env);
  if (!limits.ok) {
    process.stderr.write(limits.message + '\n');
    return 2;
  }
  const rateSettings = rateSettingsFromEnv(env);
  if (!rateSettings.ok) {
    process.stderr.write(rateSettings.message + '\n');
    return 2;
  }
  // Behind trusted proxies every connection comes from a proxy: unless set, the per-address cap is the overall one.
  if (rateSettings.trustedProxies > 0 && limits.limits.maxConnectionsPerAddress === undefined) {
    limits.limits.maxConnectionsPerAddress = limits.limits.maxConnections ?? DEFAULT_SERVER_LIMITS.maxConnections;
  }
  const auditDays = parseAuditRetention(env['GSTKIT_AUDIT_RETENTION_DAYS']);
  if (!auditDays.ok) {
    process.stderr.write(auditDays.message + '\n');
    return 2;
  }
  const pdfBranding = await pdfBrandingFromEnv(env);
  if (!pdfBranding.ok) {
    process.stderr.write(pdfBranding.message + '\n');
    return 2;
  }

  const providerName = (env['GSTKIT_PROVIDER'] ?? '').trim().toLowerCase() || 'sandbox';
  if (providerName !== 'sandbox' && providerName !== 'nic') {
    process.stderr.write(`GSTKIT_PROVIDER must be sandbox or nic, not ${JSON.stringify(providerName)}\n`);
    return 2;
  }
  let live: NicServeProviders | undefined;
  let sessionKey: Buffer | undefined;
  let previousSessionKeys: Buffer[] = [];
  if (providerName === 'nic') {
    const nic = await import('../connectors/nic/from-env.js');
    const made = nic.nicProvidersFromEnv(env);
    const key = nic.sessionKeyFromEnv(env);
    if (!made.ok) {
      process.stderr.write(`GSTKIT_PROVIDER=nic: ${made.message}\n`);
      return 2;
    }
    if (!key.ok) {
      process.stderr.write(`GSTKIT_PROVIDER=nic: ${key.message}\n`);
      return 2;
    }
    live = made.value;
    sessionKey = key.key;
    previousSessionKeys = key.previous;
  }
  const gstn = await liveGstPortalFromEnv(env);
  if (!gstn.ok) {
    process.stderr.write(gstn.message + '\n');
    return 2;
  }
  // The secrets queued jobs carry (a filing's EVC OTP) are sealed under GSTKIT_SESSION_KEY, so workers open them.
  const secretsKey = (await import('../connectors/nic/from-env.js')).sessionKeyFromEnv(env);
  if (!secretsKey.ok) {
    process.stderr.write(secretsKey.message + '\n');
    return 2;
  }
  const jobSecrets = createJobSecrets(secretsKey.key, secretsKey.previous);
  // With NIC, the company's GSTINs are those of the credentials file.
  const ready = await setUp(live ? { ...env, GSTKIT_COMPANY_GSTINS: live.gstins.join(',') } : env);
  if (!ready.ok) {
    process.stderr.write(ready.message + '\n');
    return ready.code;
  }
  const { keys, demoKey, companies, turnover, jobThreads, store, dataDir, sandbox, deadlines } = ready.setup;
  const ownGstins = companies.get(keys[0]!.companyId) ?? [];
  // With a key, the portal sessions are sealed into the store: every server on it logs in once per GSTIN.
  if (live && sessionKey) {
    const { storedPortalSessions } = await import('../connectors/nic/stored-sessions.js');
    const onError = (e: Error): void => void process.stderr.write(`nic sessions: the store failed (${e.message}); logging in without it\n`);
    live = live.withSessions(storedPortalSessions({ store, key: sessionKey, previousKeys: previousSessionKeys, companyId: keys[0]!.companyId, onError }));
  }
  // The live GST portal's sessions are sealed into the store like NIC's: one OTP per GSTIN for every server.
  const gstPortal = gstn.value
    ? await gstn.value.portal(
        store,
        keys[0]!.companyId,
        (e) => void process.stderr.write(`gst portal sessions: the store failed (${e.message}); keeping them in this process\n`),
      )
    : undefined;
  // With REDIS_URL, jobs go on the BullMQ queue for `gstkit worker` processes; else this server runs them.
  const redisUrl = env['REDIS_URL'] || undefined;
  let jobs: JobRunner = sandbox.jobs;
  if (redisUrl && store.kind !== 'postgres') {
    process.stderr.write("REDIS_URL needs DATABASE_URL too: workers share the servers' store, and a PGlite folder belongs to one process\n");
    await store.close();
    return 2;
  }
  if (redisUrl) {
    try {
      jobs = await createBullJobRunner({
        store,
        redisUrl,
        timeoutMs: deadlines.redisTimeoutMs,
        ...(env['GSTKIT_QUEUE'] ? { queueName: env['GSTKIT_QUEUE'] } : {}),
      });
    } catch (e) {
      process.stderr.write(`${(e as Error).message}\n`);
      await store.close();
      return 1;
    }
  }
  const rate = await rateLimitersOf(rateSettings, store, redisUrl, deadlines.redisTimeoutMs);
  if (!rate.ok) {
    process.stderr.write(rate.message + '\n');
    await Promise.resolve(jobs.close?.()).catch(() => undefined);
    await store.close();
    return 1;
  }
  const bulkPace = await bulkPaceFromEnv(env, { live: live !== undefined, store, redisUrl, redisTimeoutMs: deadlines.redisTimeoutMs });
  if (!bulkPace.ok) {
    process.stderr.write(bulkPace.message + '\n');
    await rate.close().catch(() => undefined);
    await Promise.resolve(jobs.close?.()).catch(() => undefined);
    await store.close();
    return 1;
  }
  const turnstileSecret = env['TURNSTILE_SECRET'];
  const crmUrl = env['CRM_WEBHOOK_URL'];
  const crmToken = env['CRM_WEBHOOK_TOKEN'];
  // Inquiries go through the outbox in the store: kept before the CRM is tried, retried until it takes them.
  const outbox = crmUrl
    ? createInquiryOutbox({
        store,
        forwarder: webhookForwarder({ url: crmUrl, ...(crmToken ? { token: crmToken } : {}) }),
        onRetryFailed: (inquiry, reason, attempts) =>
          process.stderr.write(`inquiry ${inquiry.inquiryId} still kept after ${attempts} tries: ${reason.message}\n`),
      })
    : undefined;
  outbox?.start();
  // Webhooks: events are kept in the store's outbox, and every server's loop delivers them (one attempt, one server).
  const webhookTimeout = Number(env['GSTKIT_WEBHOOK_TIMEOUT_MS'] || 10_000);
  if (!Number.isSafeInteger(webhookTimeout) || webhookTimeout < 1) {
    process.stderr.write(`GSTKIT_WEBHOOK_TIMEOUT_MS must be a positive whole number, not ${JSON.stringify(env['GSTKIT_WEBHOOK_TIMEOUT_MS'])}\n`);
    await Promise.resolve(jobs.close?.()).catch(() => undefined);
    await rate.close().catch(() => undefined);
    await outbox?.close();
    await store.close();
    return 2;
  }
  const webhookPolicy = webhookPolicyFromEnv(env);
  const webhookDelivery = createWebhookDelivery({
    store,
    policy: webhookPolicy,
    timeoutMs: webhookTimeout,
    onAttemptFailed: (d, attempt, gaveUp) =>
      gaveUp &&
      process.stderr.write(`webhook delivery ${d.deliveryId} (${d.eventType}) failed for good after ${d.attempts + 1} attempts: ${attempt.error?.message}\n`),
    onError: conditionLog((line) => process.stderr.write(line)),
  });
  webhookDelivery.start();
  // PDFs render in threads of their own (not the jobs' pool, so none waits behind an export); a thread is kept
  // a minute after its last PDF, so a burst does not load the fonts again for each one.
  const pdfThreads = jobThreads > 0 ? createThreadPool({ size: jobThreads, idleMs: 60_000 }) : undefined;
  const handler = createGstHandler({
    jobSecrets,
    // With NIC the sandbox's portals (IRP, e-waybill, GSTIN registry, GST portal) are left out entirely.
    ...(live ? { irp: live.irp, ewb: live.ewb, registry: live.registry } : sandbox.providers),
    ...(gstPortal ? { gstPortal, returnStore: sandbox.providers.returnStore } : {}),
    jobs,
    schedules: store,
    ...(pdfThreads ? { pdfRenderer: threadPdfRenderer(pdfThreads) } : {}),
    ...(pdfBranding.branding ? { pdfBranding: pdfBranding.branding } : {}),
    // Turnover from GSTKIT_COMPANY_AATO (read in setup.ts) drives the 30-day limit and HSN-digit rules.
    // The configured keys are the whole truth; a key revoked in the store (gstkit keys revoke) is refused
    // by every server within REVOCATION_MAX_AGE_MS, restarted or not.
    authenticate: basicAuth(
      keys,
      new Map([...sandbox.companies].map(([id, c]) => [id, { gstins: c.gstins, ...(turnover.has(id) ? { aato: turnover.get(id) } : {}) }])),
      { revoked: revokedKeyIds(store) },
    ),
    deal: {
      ...(turnstileSecret
        ? {
            captcha: turnstileVerifier({
              secret: turnstileSecret,
              ...(env['TURNSTILE_VERIFY_URL'] ? { verifyUrl: env['TURNSTILE_VERIFY_URL'] } : {}),
              // The sites whose pages may send inquiries: a token solved on any other site is refused.
              ...(env['TURNSTILE_HOSTNAMES'] ? { hostnames: env['TURNSTILE_HOSTNAMES'].split(',') } : {}),
            }),
          }
        : {}),
      ...(outbox?.deal ?? {}),
    },
    ...(bulkPace.limiter ? { bulkLimiter: bulkPace.limiter } : {}),
    ...(rate.limiter ? { rateLimit: rate.limiter } : {}),
    clientRateLimit: rate.clients,
    // Every state-changing call is written to the store's audit log, read back at GET /api/svc/audit.
    audit: store,
    // Webhook subscriptions, and the events of the e-invoice and e-waybill routes for them.
    webhooks: { store, policy: webhookPolicy },
    events: storeEventSink(store),
    // A failing dependency is one line when it starts (and once a minute while it lasts), not one per request.
    onError: conditionLog((line) => process.stderr.write(line)),
    // GET /health: whether the store and the job queue answer, each within its deadline.
    health: {
      database: async () => {
        await store.ping?.();
      },
      ...(jobs.ping ? { queue: () => jobs.ping!() } : {}),
    },
  });

  // The page at / (documents judged and purchases reconciled in the browser), when the build wrote it.
  const page = readPageFiles();
  const server = createGstServer(page.ok ? withPage(handler, page.files) : handler, limits.limits);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
  } catch (e) {
    process.stderr.write(`cannot listen on ${host}:${port}: ${(e as Error).message}\n`);
    await Promise.resolve(jobs.close?.()).catch(() => undefined);
    await pdfThreads?.close();
    await rate.close().catch(() => undefined);
    await bulkPace.close().catch(() => undefined);
    await outbox?.close();
    await webhookDelivery.close();
    await store.close();
    return 1;
  }
  // Schedules run from the store: whichever server claims a due one runs it, and runs missed while no
  // server was up are made now. GSTKIT_SCHEDULE_POLL_MS sets how often due schedules are looked for.
  const scheduler = createScheduler({
    store,
    jobs,
    returns: sandbox.providers.returnStore,
    ...(env['GSTKIT_SCHEDULE_POLL_MS'] ? { pollMs: Math.max(100, Number(env['GSTKIT_SCHEDULE_POLL_MS']) || 30_000) } : {}),
    onError: conditionLog((line) => process.stderr.write(line)),
  });
  scheduler.start();
  // The watch pass tells webhooks what is coming due (e-way bills to extend, IMS actions before GSTR-3B,
  // GST portal sessions ending), each once across servers; GSTKIT_WATCH_POLL_MS sets how often it looks
  // (default 5 minutes).
  const watch = startWatch({
    store,
    ...(env['GSTKIT_WATCH_POLL_MS'] ? { intervalMs: Math.max(1000, Number(env['GSTKIT_WATCH_POLL_MS']) || 300_000) } : {}),
    onError: conditionLog((line) => process.stderr.write(line)),
  });
  // The audit log keeps GSTKIT_AUDIT_RETENTION_DAYS of entries: pruned now, then hourly.
  const retention =
    auditDays.days === null
      ? undefined
      : startAuditRetention({ store, days: auditDays.days, onError: (e) => process.stderr.write(`audit log pruning failed: ${(e as Error).message}\n`) });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const loopback = isLoopback(host);
  // Loopback or every interface: this machine reaches it as localhost. Another address: that address.
  const shown = loopback || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${actual}`;
  const key = keys[0]!;
  const out = process.stdout;
  out.write(`gstkit ${live ? 'with NIC portals' : 'sandbox'}${gstn.value ? ' and the live GST portal' : ''} listening on ${url}\n`);
  out.write(page.ok ? `page: ${url}/ (documents and reconciliation, in the browser)\n` : `page: not served (${page.message})\n`);
  if (gstn.value) {
    out.write(
      `gst portal: ${gstn.value.url}; sessions ${gstn.value.sealed ? 'shared through the store, encrypted with GSTKIT_SESSION_KEY' : 'kept by this process only, because GSTKIT_SESSION_KEY is not set; each server asks its own OTP'}\n`,
    );
  }
  if (live) out.write(`nic e-invoice: ${live.einvoiceUrl}\nnic e-waybill: ${live.ewbUrl}\n`);
  if (live) {
    out.write(
      sessionKey
        ? `nic sessions: shared through the store, encrypted with GSTKIT_SESSION_KEY${previousSessionKeys.length ? `; sessions sealed under the ${previousSessionKeys.length} key(s) of GSTKIT_SESSION_KEY_PREVIOUS are read too` : ''}\n`
        : 'nic sessions: kept by this process only, because GSTKIT_SESSION_KEY is not set (sessions are never stored unencrypted); each server logs in on its own\n',
    );
  }
  if (demoKey && loopback) {
    out.write(`demo api key: ${demoKey.keyId}:${demoKey.keySecret}\n`);
    out.write(`company: ${demoKey.companyId}\n`);
  } else if (demoKey) {
    // Off loopback anyone who reaches the port could use the demo key, so it is not printed, and a key
    // nobody can read is useless: say how to configure one instead (a fresh example, inactive until set).
    const example = generateApiKey(demoKey.companyId);
    out.write(`demo api key: not shown, because ${host} is reachable from other machines; set GSTKIT_API_KEYS, or serve on --host 127.0.0.1 to see it\n`);
    out.write(`api keys: none configured. Set GSTKIT_API_KEYS to keyId:keySecret:companyId entries (comma-separated) and start again, e.g.\n`);
    out.write(`  GSTKIT_API_KEYS=${example.keyId}:${example.keySecret}:${example.companyId} gstkit serve --host ${shellQuote(host)}\n`);
    out.write(`company: ${demoKey.companyId}\n`);
  } else {
    out.write(`api keys: ${keys.map((k) => `${k.keyId} (company ${k.companyId})`).join(', ')}\n`);
  }
  out.write(`gstins: ${ownGstins.join(',')}\n`);
  out.write(`store: ${store.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}\n`);
  out.write(`jobs: ${redisUrl ? 'BullMQ on REDIS_URL (run gstkit worker)' : 'run by this server'}\n`);
  out.write(`rate limit: ${rate.where}\n`);
  out.write(`client limits: ${rate.clientsWhere}\n`);
  out.write(`audit log: ${auditDays.days === null ? 'kept forever' : `kept ${auditDays.days} days`}\n`);
  out.write(`bulk pace: ${bulkPace.where}\n`);
  out.write(
    `webhooks: delivered by this server${webhookPolicy.allowPrivate ? '; private addresses and http allowed (GSTKIT_WEBHOOK_ALLOW_PRIVATE)' : webhookPolicy.allowHttp ? '; http allowed (GSTKIT_WEBHOOK_ALLOW_HTTP)' : ''}\n`,
  );
  const auth = demoKey && loopback ? `${demoKey.keyId}:${demoKey.keySecret}` : `${key.keyId}:<secret>`;
  // The walkthrough registers the bundled examples: only against the sandbox, never at NIC; and only with a
  // key the reader has (configured, or the demo key printed above), not one whose secret nobody was shown.
  if (!live && !gstn.value && !(demoKey && !loopback)) {
    out.write('\nwalkthrough (paste into a shell; it writes invoice.pdf and gstr2b.xlsx in the current folder):\n');
    out.write(walkthrough({ url, auth, company: key.companyId, examples: shellQuote(packageFile('docs/examples')) }));
  }
  out.write(`\nthe whole API: ${url}/openapi.json\n`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) return;
      stopping = true;
      out.write(`\n${signal}: shutting down\n`);
      server.close(() => {
        void Promise.resolve(retention?.stop())
          .then(() => scheduler.close())
          .then(() => watch.close())
          .then(() => jobs.close?.())
          .then(() => pdfThreads?.close())
          .then(() => rate.close())
          .then(() => bulkPace.close())
          .then(() => outbox?.close())
          .then(() => webhookDelivery.close())
          .then(() => store.close())
          .then(() => resolve(0));
      });
      (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      setTimeout(() => {
        server.closeAllConnections();
      }, 3000).unref();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}
