/**
 * A sandbox served over the handler to several companies, each signing in with its own Basic key, and a
 * caller that sends a request as one of them and reads the JSON answer.
 */
import { createGstHandler, type GstHandler } from '../../src/http/index.js';
import { basicAuth, createSandbox, type ManualClock, type SigningIdentity } from '../../src/sandbox/index.js';
import type { Store } from '../../src/ports/store.js';

/** The handler of a sandbox over `store` for `companies` (id to GSTINs), each company's key secret in `keys`. */
export function companiesServer<Who extends string>(options: {
  companies: Record<Who, readonly string[]>;
  keys: Record<Who, string>;
  store: Store;
  clock: ManualClock;
  identity: SigningIdentity;
  seed: number;
}): GstHandler {
  const { companies, keys, store, clock, identity, seed } = options;
  const sandbox = createSandbox({ companies, clock, identity, seed, store });
  return createGstHandler({
    ...sandbox.providers,
    authenticate: basicAuth(
      (Object.keys(keys) as Who[]).map((c) => ({ keyId: c, keySecret: keys[c], companyId: c })),
      new Map(Object.entries<readonly string[]>(companies)),
    ),
  });
}

/** Sends a request to the handler `current()` answers now, signed in as company `who` (path under `base`). */
export function companyCaller<Who extends string>(current: () => GstHandler, keys: Record<Who, string>, base: string) {
  return async (who: Who, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const res = await current()(
      new Request(`http://gstkit.test${base}${path}`, {
        method,
        headers: { authorization: 'Basic ' + Buffer.from(`${who}:${keys[who]}`).toString('base64'), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
    return { status: res.status, body: await res.json() };
  };
}
