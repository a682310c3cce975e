/**
 * An id with a NUL (`%00`) in the path of a schedule or webhook route is answered 404, never 500: no store
 * keeps a NUL in text (PostgreSQL refuses the query), so such an id names nothing.
 */
import { describe, expect, it } from 'vitest';
import { openPgliteStore } from '../../src/store/index.js';
import { targets, world } from './harness.js';

describe('ids with a NUL in the path', () => {
  it('are not found, on a SQL store', async () => {
    const store = await openPgliteStore('memory://');
    const w = world({ schedules: store, webhooks: { store, policy: { allowPrivate: false, allowHttp: false } } });
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      const cases: Array<[string, string, string]> = [
        ['GET', '/api/svc/schedules/%00', 'SVC-793'],
        ['POST', '/api/svc/schedules/a%00b', 'SVC-793'],
        ['DELETE', '/api/svc/schedules/%00', 'SVC-793'],
        ['DELETE', '/api/svc/webhooks/%00', ''],
        ['GET', '/api/svc/webhooks/%00/deliveries', ''],
        ['POST', '/api/svc/webhooks/%00/deliveries/%00/retry', ''],
      ];
      for (const [method, path, code] of cases) {
        const r = await call(method, path, method === 'POST' ? { body: {} } : {});
        expect(r.status, `${method} ${path}: ${r.text}`).toBe(404);
        if (code) expect(r.headers.get('svc-errorcode')).toBe(code);
      }
      // A subscription that exists, asked for a delivery id with a NUL: that delivery is not found either.
      const sub = await call('POST', '/api/svc/webhooks', { body: { url: 'https://93.184.216.34/hooks', events: ['job.done'] } });
      expect(sub.status, sub.text).toBe(201);
      expect((await call('POST', `/api/svc/webhooks/${sub.body.id}/deliveries/%00/retry`, { body: {} })).status).toBe(404);
    } finally {
      await close();
      await store.close();
    }
  });
});
