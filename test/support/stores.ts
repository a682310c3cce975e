/**
 * Every store adapter a store-dependent behaviour must hold on: memory, PGlite (optionally also in its own
 * thread) and PostgreSQL from DATABASE_URL (skipped outside CI when absent; under CI=true its absence fails).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../../src/ports/store.js';
import { createMemoryStore, openPgliteStore, openPostgresStore } from '../../src/store/index.js';
import { databaseUrl, freshDatabase, need } from './services.js';

/** A named way to open a fresh, empty store, with what closes (and drops) it. */
export type StoreAdapter = [name: string, open: () => Promise<{ store: Store; done: () => Promise<void> }>];

export function storeAdapters(options: { pgliteThread?: boolean } = {}): StoreAdapter[] {
  const adapters: StoreAdapter[] = [
    ['memory', async () => ({ store: createMemoryStore(), done: async () => {} })],
    [
      'pglite',
      async () => {
        const store = await openPgliteStore('memory://');
        return { store, done: () => store.close() };
      },
    ],
  ];
  if (options.pgliteThread) {
    adapters.push([
      'pglite in its own thread',
      async () => {
        const dir = mkdtempSync(join(tmpdir(), 'gstkit-pglite-thread-'));
        const store = await openPgliteStore(dir, { thread: true });
        return { store, done: async () => (await store.close(), rmSync(dir, { recursive: true, force: true })) };
      },
    ]);
  }
  if (need(databaseUrl)) {
    adapters.push([
      'postgres',
      async () => {
        const db = await freshDatabase(databaseUrl as string);
        const store = await openPostgresStore(db.url);
        return { store, done: async () => (await store.close(), await db.drop()) };
      },
    ]);
  }
  return adapters;
}
