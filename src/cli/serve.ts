/**
 * `gstkit serve [--port N]`: the reference server, node:http with the sandbox behind the adapter.
 * Settings come from the environment (README): PORT, GSTKIT_API_KEYS, GSTKIT_SANDBOX_GSTINS,
 * GSTKIT_DATA_DIR (the embedded PGlite store, default ./.gstkit-data), DATABASE_URL (PostgreSQL instead),
 * REDIS_URL (BullMQ jobs), TURNSTILE_SECRET, TURNSTILE_VERIFY_URL, CRM_WEBHOOK_URL, CRM_WEBHOOK_TOKEN.
 * @module
 */
import { createServer } from 'node:http';
import { createGstHandler } from '../http/index.js';
import { toNodeListener } from '../http/node.js';
import { generateApiKey, parseApiKeys, secretDigest, storedKeyAuth, type ApiKey } from '../ports/auth.js';
import type { Store } from '../ports/store.js';
import { demoGstins, openSandbox, turnstileVerifier, webhookForwarder, type Inquiry } from '../sandbox/index.js';
import { DEFAULT_DATA_DIR, openStore } from '../store/index.js';
import { parseCompanyGstins } from './companies.js';
import { commandHelp } from './help.js';
import { walkthrough } from './walkthrough.js';
import { packageFile } from '../package-files.js';

/** A word the shell reads back as it is. */
function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

const USAGE = 'usage: gstkit serve [--port N]';

/** Runs the server until SIGINT or SIGTERM; resolves with the exit code. */
export async function run(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let port = Number(env['PORT'] ?? 8080);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--port' || a === '-p') port = Number(args[++i]);
    else if (a?.startsWith('--port=')) port = Number(a.slice(7));
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

  let keys: ApiKey[];
  try {
    keys = env['GSTKIT_API_KEYS'] ? parseApiKeys(env['GSTKIT_API_KEYS']) : [];
  } catch (e) {
    process.stderr.write(`GSTKIT_API_KEYS: ${(e as Error).message}\n`);
    return 2;
  }
  const companyIds = keys.length > 0 ? [...new Set(keys.map((k) => k.companyId))] : ['demo'];
  const parsed = parseCompanyGstins(env['GSTKIT_SANDBOX_GSTINS'], companyIds, demoGstins);
  if (!parsed.ok) {
    process.stderr.write(`GSTKIT_SANDBOX_GSTINS: ${parsed.message}\n`);
    return 2;
  }
  const companies = Object.fromEntries(parsed.companies);

  const databaseUrl = env['DATABASE_URL'] || undefined;
  const dataDir = env['GSTKIT_DATA_DIR'] || DEFAULT_DATA_DIR;
  let store: Store;
  try {
    store = await openStore({ ...(databaseUrl ? { databaseUrl } : {}), dataDir });
  } catch (e) {
    process.stderr.write(`cannot open the store: ${(e as Error).message}\n`);
    return 1;
  }
  // Without configured keys, one demo key, made once and kept: the same after a restart and on every server.
  const demoKey = keys.length === 0 ? (JSON.parse(await store.secret('demo-api-key', () => JSON.stringify(generateApiKey('demo')))) as ApiKey) : undefined;
  if (demoKey) keys = [demoKey];
  for (const k of keys) await store.putApiKey({ keyId: k.keyId, companyId: k.companyId, secretSha256: secretDigest(k.keySecret) });

  const sandbox = await openSandbox({ companies, store });
  const ownGstins = parsed.companies.get(keys[0]!.companyId) ?? [];
  const turnstileSecret = env['TURNSTILE_SECRET'];
  const crmUrl = env['CRM_WEBHOOK_URL'];
  const crmToken = env['CRM_WEBHOOK_TOKEN'];
  const pending: Inquiry[] = [];
  const handler = createGstHandler({
    ...sandbox.providers,
    authenticate: storedKeyAuth(store, new Map([...sandbox.companies].map(([id, c]) => [id, c.gstins]))),
    deal: {
      ...(turnstileSecret
        ? { captcha: turnstileVerifier({ secret: turnstileSecret, ...(env['TURNSTILE_VERIFY_URL'] ? { verifyUrl: env['TURNSTILE_VERIFY_URL'] } : {}) }) }
        : {}),
      ...(crmUrl ? { forwarder: webhookForwarder({ url: crmUrl, ...(crmToken ? { token: crmToken } : {}) }) } : {}),
      onForwardFailed: (inquiry, reason) => {
        pending.push(inquiry);
        process.stderr.write(`inquiry ${inquiry.inquiryId} kept: ${reason.message}\n`);
      },
    },
    onError: (e) => process.stderr.write(`unexpected: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`),
  });

  const server = createServer(toNodeListener(handler));
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const url = `http://localhost:${actual}`;
  const key = keys[0]!;
  const out = process.stdout;
  out.write(`gstkit sandbox listening on ${url}\n`);
  if (demoKey) {
    out.write(`demo api key: ${demoKey.keyId}:${demoKey.keySecret}\n`);
    out.write(`company: ${demoKey.companyId}\n`);
  } else {
    out.write(`api keys: ${keys.map((k) => `${k.keyId} (company ${k.companyId})`).join(', ')}\n`);
  }
  out.write(`gstins: ${ownGstins.join(',')}\n`);
  out.write(`store: ${store.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}\n`);
  const auth = demoKey ? `${demoKey.keyId}:${demoKey.keySecret}` : `${key.keyId}:<secret>`;
  out.write('\nwalkthrough (paste into a shell; it writes invoice.pdf and gstr2b.xlsx in the current folder):\n');
  out.write(walkthrough({ url, auth, company: key.companyId, examples: shellQuote(packageFile('docs/examples')) }));
  out.write(`\nthe whole API: ${url}/openapi.json\n`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) return;
      stopping = true;
      out.write(`\n${signal}: shutting down\n`);
      server.close(() => {
        void Promise.resolve(sandbox.jobs.close?.())
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
