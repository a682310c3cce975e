/**
 * `gstkit keys`: revokes API keys on every server of a store at once. Each server accepts only the keys of
 * its own GSTKIT_API_KEYS; a key removed there stops working on a server when it restarts. A revocation
 * kept in the store stops it on every server within seconds, restarted or not (a leaked key, a fleet
 * mid-deployment).
 * @module
 */
import { REVOCATION_MAX_AGE_MS } from '../ports/revoked-keys.js';
import type { Store } from '../ports/store.js';
import { DEFAULT_DATA_DIR, openStore } from '../store/index.js';
import { commandHelp } from './help.js';

const USAGE = commandHelp['keys']!;

/** Resolves with the exit code: 0 done, 1 the store could not be opened or a key to restore was not revoked, 2 misuse. */
export async function keysCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [action, ...ids] = args;
  const listing = action === 'revoked' && ids.length === 0;
  const changing = (action === 'revoke' || action === 'restore') && ids.length > 0;
  if (!listing && !changing) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const bad = ids.find((id) => !/^[^\s:,\u0000]+$/.test(id));
  if (bad !== undefined) {
    process.stderr.write(`not a key id: ${JSON.stringify(bad)} (a key id holds no space, colon or comma)\n`);
    return 2;
  }
  let store: Store;
  try {
    const databaseUrl = env['DATABASE_URL'] || undefined;
    store = await openStore({ ...(databaseUrl ? { databaseUrl } : {}), dataDir: env['GSTKIT_DATA_DIR'] || DEFAULT_DATA_DIR });
  } catch (e) {
    process.stderr.write(`cannot open the store: ${(e as Error).message}\n`);
    return 1;
  }
  try {
    if (action === 'revoked') {
      for (const r of await store.revokedApiKeys()) process.stdout.write(`${r.keyId} revoked ${r.revokedAt}\n`);
      return 0;
    }
    if (action === 'revoke') {
      const at = new Date().toISOString();
      for (const id of ids) await store.revokeApiKey(id, at);
      process.stdout.write(
        `revoked ${ids.join(', ')}: every server on this store refuses ${ids.length > 1 ? 'them' : 'it'} within ${REVOCATION_MAX_AGE_MS / 1000} s\n`,
      );
      return 0;
    }
    let missing = 0;
    for (const id of ids) {
      if (await store.restoreApiKey(id)) process.stdout.write(`restored ${id}: accepted again by the servers whose GSTKIT_API_KEYS name it\n`);
      else {
        process.stderr.write(`${id} was not revoked\n`);
        missing++;
      }
    }
    return missing ? 1 : 0;
  } finally {
    await store.close();
  }
}
