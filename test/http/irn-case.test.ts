import { describe, expect, it } from 'vitest';
import { example, targets, world } from './harness.js';

const E = '/api/svc/einvoice';

describe('the sandbox IRP keys document numbers without regard to case (reported from 01/06/2025)', () => {
  it('refuses KCPL/... as a duplicate of kcpl/... (2150), pointing at the first IRN', async () => {
    const { handler } = world();
    const { call, close } = await targets[0]!.start(handler);
    try {
      const lower = example('irn');
      delete lower['EwbDtls'];
      (lower['DocDtls'] as Record<string, unknown>)['No'] = 'kcpl/26-27/0601';
      const first = await call('POST', `${E}/generateirn`, { body: lower });
      expect(first.status, first.text).toBe(200);
      const upper = structuredClone(lower);
      (upper['DocDtls'] as Record<string, unknown>)['No'] = 'KCPL/26-27/0601';
      const second = await call('POST', `${E}/generateirn`, { body: upper });
      expect(second.status).toBe(409);
      expect(second.text).toContain('2150');
      expect(second.text).toContain(first.body.Irn);
    } finally {
      await close();
    }
  });
});
