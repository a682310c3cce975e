/**
 * Returns pulled from the fake GSTN in the JSON `fetchReturn` answers today, read by gstkit's own
 * readers: GSTR-2A sections merged under `{gstin, fp}` (sections without data skipped), GSTR-2B paged by
 * `file_num` and merged, GSTR-3B; a 2B not generated yet is refused with RET2B1023 and when to try again.
 */
import { describe, expect, it } from 'vitest';
import { readGstr2a, readGstr2b } from '../../src/gstr/index.js';
import { connected, GSTIN, setup } from '../support/fake-gstn-setup.js';

describe('GSTR pulls', () => {
  it('GSTR-2A: the sections merged under {gstin, fp}, readable by the 2A reader', async () => {
    const { fake, portal } = setup({ b2bCount: 120 });
    const p = await connected(portal());
    const out = await p.fetchReturn(GSTIN, 'gstr2a', '2026-09');
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value).toMatchObject({ gstin: GSTIN, fp: '092026' });
    expect(Object.keys(out.value as object).sort()).toEqual(['b2b', 'cdn', 'fp', 'gstin']);
    const read = readGstr2a(out.value, { gstin: GSTIN, period: '2026-09' });
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.value.documents.length).toBe(121);
    expect(fake.counts['B2B']).toBe(1);
    expect(fake.counts['IMPGSEZ']).toBe(1);
  });

  it('GSTR-2B: every file_num page fetched and merged into one statement', async () => {
    const { fake, portal } = setup({ pages2b: 3, perPage2b: 40 });
    const p = await connected(portal());
    const out = await p.fetchReturn(GSTIN, 'gstr2b', '2026-09');
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(fake.counts['GET2B']).toBe(4);
    const read = readGstr2b(out.value, { gstin: GSTIN, period: '2026-09' });
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.value.documents.length).toBe(120);
    expect((out.value as { data: { fc?: unknown } }).data.fc).toBeUndefined();
  });

  it('GSTR-2B in one answer when the portal does not page it', async () => {
    const { fake, portal } = setup({ pages2b: 1, perPage2b: 10 });
    const p = await connected(portal());
    const out = await p.fetchReturn(GSTIN, 'gstr2b', '2026-09');
    expect(out.ok).toBe(true);
    expect(fake.counts['GET2B']).toBe(1);
  });

  it('GSTR-2B not generated yet: RET2B1023 with when to pull again', async () => {
    const { portal } = setup({ notGenerated2b: ['092026'] });
    const p = await connected(portal());
    const out = await p.fetchReturn(GSTIN, 'gstr2b', '2026-09');
    expect(out.ok ? '' : out.errors[0]!.code).toBe('RET2B1023');
    expect(out.ok ? '' : out.errors[0]!.message).toMatch(/14th/);
  });

  it('unknown return types are refused, not sent', async () => {
    const { fake, portal } = setup();
    const p = await connected(portal());
    const before = fake.seen.length;
    const out = await p.fetchReturn(GSTIN, 'gstr9' as never, '2026-09');
    expect(out.ok ? '' : out.errors[0]!.code).toBe('1000');
    expect(fake.seen.length).toBe(before);
  });
});
