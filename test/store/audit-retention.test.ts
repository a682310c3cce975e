/**
 * The audit log's retention: entries older than the configured days are pruned when the server starts and
 * then on a timer; newer ones stay. The store side runs on every adapter in contract.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/ports/audit.js';
import { manualClock } from '../../src/sandbox/index.js';
import { createMemoryStore, DEFAULT_AUDIT_RETENTION_DAYS, openPgliteStore, parseAuditRetention, startAuditRetention } from '../../src/store/index.js';
import { root, startServer, type RunningServer } from '../support/server.js';

const DAY = 86_400_000;
const entry = (at: Date, companyId = 'acme'): AuditEntry => ({
  at: at.toISOString(),
  companyId,
  keyId: 'k1',
  operation: 'generateIrn',
  method: 'POST',
  path: '/api/svc/einvoice/generateirn',
  status: 200,
});

describe('audit log retention', () => {
  it('reads the setting: days, off, or the documented default; anything else is named', () => {
    expect(parseAuditRetention(undefined)).toEqual({ ok: true, days: DEFAULT_AUDIT_RETENTION_DAYS });
    expect(parseAuditRetention(' 90 ')).toEqual({ ok: true, days: 90 });
    expect(parseAuditRetention('OFF')).toEqual({ ok: true, days: null });
    for (const bad of ['0', '-5', '1.5', '36501', 'ninety', '1e3'])
      expect(parseAuditRetention(bad)).toMatchObject({ ok: false, message: expect.stringContaining('GSTKIT_AUDIT_RETENTION_DAYS') });
  });

  it('prunes at start and then on its timer, keeping entries younger than the retention', async () => {
    const start = new Date(Date.UTC(2026, 10, 24, 12));
    const clock = manualClock(start);
    const store = createMemoryStore();
    await store.addAudit(entry(new Date(start.getTime() - 31 * DAY)));
    await store.addAudit(entry(new Date(start.getTime() - 29 * DAY), 'globex'));
    await store.addAudit(entry(new Date(start.getTime() - DAY)));
    const retention = startAuditRetention({ store, days: 30, clock, everyMs: 20 });
    try {
      await expect.poll(async () => (await store.listAudit('acme', { limit: 10 })).length).toBe(1);
      expect(await store.listAudit('globex', { limit: 10 })).toHaveLength(1);
      // Two days on, the timer prunes the entry that is now 31 days old, with no call from outside.
      clock.advance(2 * DAY);
      await expect.poll(async () => (await store.listAudit('globex', { limit: 10 })).length).toBe(0);
      expect(await store.listAudit('acme', { limit: 10 })).toHaveLength(1);
      expect(await retention.pruneNow()).toBe(0);
    } finally {
      await retention.stop();
    }
  });

  it('keeps pruning after a failed attempt and reports the failure', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const store = {
      pruneAudit: async () => {
        calls++;
        if (calls === 1) throw new Error('database went away');
        return 3;
      },
    };
    const retention = startAuditRetention({ store, days: 1, everyMs: 10, onError: (e) => failures.push(e) });
    try {
      await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
      expect(failures).toEqual([expect.objectContaining({ message: 'database went away' })]);
    } finally {
      await retention.stop();
    }
  });
});

describe('gstkit serve and GSTKIT_AUDIT_RETENTION_DAYS', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gstkit-audit-retention-'));
  const env = { GSTKIT_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', GSTKIT_AUDIT_RETENTION_DAYS: '30' };
  const running: RunningServer[] = [];
  afterAll(async () => {
    for (const s of running) await s.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a wrong setting by name, and prunes entries past the retention when it starts', async () => {
    await expect(startServer({ ...env, GSTKIT_AUDIT_RETENTION_DAYS: 'a month' })).rejects.toThrow(/exited 2.*GSTKIT_AUDIT_RETENTION_DAYS must be whole days/s);

    const first = await startServer(env);
    running.push(first);
    expect(first.printed).toContain('audit log: kept 30 days');
    const company = /company: (\S+)/.exec(first.printed)![1]!;
    const irn = JSON.parse(readFileSync(join(root, 'docs/examples/irn.json'), 'utf8'));
    expect((await (await first.call('/api/svc/einvoice/generateirn', { body: irn })).json()).Success).toBe(true);
    await first.stop('SIGTERM');

    // An entry from 40 days ago, as a server running then would have written it.
    const store = await openPgliteStore(dataDir);
    await store.addAudit(entry(new Date(Date.now() - 40 * DAY), company));
    expect(await store.listAudit(company, { limit: 10 })).toHaveLength(2);
    await store.close();

    const second = await startServer(env);
    running.push(second);
    // The pruning starts with the server and does not hold up its start: the log is read until it is done.
    const read = async (): Promise<AuditEntry[]> => (await (await second.call('/api/svc/audit')).json()).entries;
    await expect.poll(async () => (await read()).length, { timeout: 20_000 }).toBe(1);
    const [kept] = await read();
    expect(kept!.operation).toBe('generateIrn');
    expect(Date.now() - Date.parse(kept!.at)).toBeLessThan(DAY);
  }, 240_000);
});
