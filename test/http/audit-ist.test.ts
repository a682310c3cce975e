/**
 * The audit log speaks India time like the rest of the API: each entry's `at` is ISO 8601 on an Indian clock
 * (+05:30), and `since`/`until` without a zone are read on an Indian clock.
 */
import { describe, expect, it } from 'vitest';
import { example, targets, world } from './harness.js';

describe('audit log times in IST', () => {
  it('gives at as +05:30 and reads since/until without a zone as India time', async () => {
    const w = world(); // the clock reads 14/11/2026 11:00:00 in India (05:30 UTC)
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      const inv = example('irn');
      delete inv['EwbDtls'];
      expect((await call('POST', '/api/svc/einvoice/generateirn', { body: inv })).status).toBe(200);
      const entries = (await call('GET', '/api/svc/audit')).body.entries as Array<{ at: string }>;
      expect(entries.map((e) => e.at)).toEqual(['2026-11-14T11:00:00.000+05:30']);
      expect(Date.parse(entries[0]!.at)).toBe(w.clock.now().getTime());
      const read = async (q: string): Promise<number> => ((await call('GET', `/api/svc/audit?${q}`)).body.entries as unknown[]).length;
      expect(await read('since=2026-11-14T11:00:00')).toBe(1); // 11:00 in India, not 11:00 UTC
      expect(await read('since=2026-11-14T11:00:01')).toBe(0);
      expect(await read('until=2026-11-14T10:59:59')).toBe(0);
      expect(await read('since=2026-11-14')).toBe(1); // the Indian day, from its midnight
      expect(await read('since=2026-11-14T05:30:00Z')).toBe(1); // a zone given is kept
      expect(await read('since=2026-11-14T05:30:01Z')).toBe(0);
    } finally {
      await close();
    }
  });
});
