/**
 * The bulk library calls as a host with its own queue uses them: every document checked as the single
 * routes check it, registered once, reported in order; a run interrupted half way and given the same
 * checkpoint again finishes without a second registration, recovering the answers it lost.
 */
import { describe, expect, it } from 'vitest';
import { bulkGenerateEwaybill, bulkGenerateIrn, memorySteps, type JobSteps } from '../../src/bulk/index.js';
import type { IrpProvider } from '../../src/ports/irp.js';
import type { EwbProvider } from '../../src/ports/ewaybill.js';
import { createRateLimiter, memoryRateCounter } from '../../src/ratelimit/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { validate } from '../../src/validate.js';
import { ewaybills, invoices } from './support.js';

const today = '14/11/2026';
const clock = { now: () => new Date('2026-11-14T10:00:00+05:30') };
const seller = '29AAGCK4821M1Z4';
const consignor = '33AAHCT2290K1Z6';

/** The process dying right after the portal registered a document, before its answer was recorded. */
class Crash extends Error {
  override name = 'StoreUnavailableError';
}

/** The IRP that dies after its `survives`th registration (which the portal keeps). */
function dyingIrp(irp: IrpProvider, survives: number): IrpProvider & { registered: number } {
  const wrapped = {
    ...irp,
    registered: 0,
    async generateIrn(ctx: Parameters<IrpProvider['generateIrn']>[0], invoice: Parameters<IrpProvider['generateIrn']>[1]) {
      const out = await irp.generateIrn(ctx, invoice);
      if (out.ok) wrapped.registered++;
      if (wrapped.registered === survives) throw new Crash('the server died');
      return out;
    },
  };
  return wrapped;
}

describe('bulkGenerateIrn', () => {
  it('registers the valid invoices once each and reports the invalid ones with the codes the single route gives', async () => {
    const sandbox = createSandbox({ companies: { acme: [seller] }, clock });
    const company = sandbox.companies.get('acme')!;
    const docs = invoices(30, 'LIB', [3, 8, 21]);
    const progress: Array<[number, number]> = [];
    const limiter = createRateLimiter({ counter: memoryRateCounter(), defaultLimit: { requests: 1000, windowMs: 1000 }, prefix: 'bulk' });
    const keys: string[] = [];
    const counted = { take: (key: string, now: Date) => (keys.push(key), limiter.take(key, now)) };
    const result = await bulkGenerateIrn(docs, {
      provider: sandbox.providers.irp,
      company,
      today,
      limiter: counted,
      progress: (d, t) => progress.push([d, t]),
    });

    expect(result).toMatchObject({ total: 30, registered: 27, failed: 3 });
    expect(result.documents.map((d) => d.index)).toEqual([...Array(30).keys()]);
    for (const d of result.documents) {
      if ([3, 8, 21].includes(d.index)) {
        expect(d.ok).toBe(false);
        const single = validate('irn', docs[d.index], { today });
        const expected = single.ok ? ['SVC-943'] : single.errors.map((e) => e.code);
        expect(!d.ok && d.errors.map((e) => e.code)).toEqual(expected);
        continue;
      }
      if (!d.ok) throw new Error(`document ${d.index} refused: ${JSON.stringify(d.errors)}`);
      const found = await sandbox.providers.irp.getIrnByDocument({ company }, seller, {
        docType: 'INV',
        docNo: docs[d.index]!['DocDtls'].No,
        docDate: '10/11/2026',
      });
      expect(found.ok && { Irn: found.value.Irn, AckNo: String(found.value.AckNo), AckDt: found.value.AckDt }).toEqual({
        Irn: d.Irn,
        AckNo: d.AckNo,
        AckDt: d.AckDt,
      });
    }
    // The seller the company does not have is refused before the portal, as the single route does (403 SVC-943).
    expect(result.documents[8]).toMatchObject({ ok: false, errors: [{ code: 'SVC-943', path: '/SellerDtls/Gstin' }] });
    // One pace check per document sent, keyed by portal and GSTIN; progress in documents up to the total.
    expect(keys).toEqual(Array(27).fill(`irp:${seller}`));
    expect(progress.at(-1)).toEqual([30, 30]);
    expect(progress.map(([d]) => d)).toEqual([...progress.map(([d]) => d)].sort((a, b) => a - b));
  });

  it('resumes an interrupted run from its checkpoint: no document registered twice, the lost answers recovered from 2150', async () => {
    const sandbox = createSandbox({ companies: { acme: [seller] }, clock });
    const company = sandbox.companies.get('acme')!;
    const docs = invoices(60, 'RES', [5, 40]);
    const checkpoint: JobSteps = memorySteps();
    const first = dyingIrp(sandbox.providers.irp, 33);
    await expect(bulkGenerateIrn(docs, { provider: first, company, today, checkpoint, concurrency: 3 })).rejects.toThrow('the server died');
    const recorded = await checkpoint.list();
    expect(recorded.some((s) => s.state === 'started')).toBe(true);
    expect(recorded.filter((s) => s.state === 'done').length).toBeLessThan(60);

    const second = dyingIrp(sandbox.providers.irp, Number.POSITIVE_INFINITY);
    const result = await bulkGenerateIrn(docs, { provider: second, company, today, checkpoint, concurrency: 3 });
    expect(result).toMatchObject({ total: 60, registered: 58, failed: 2 });
    // 58 valid invoices, 58 registrations in all: the second run registered only what the first had not.
    expect(first.registered + second.registered).toBe(58);
    const irns = new Set<string>();
    for (const d of result.documents) {
      if (!d.ok) continue;
      irns.add(d.Irn);
      const found = await sandbox.providers.irp.getIrnByDocument({ company }, seller, {
        docType: 'INV',
        docNo: docs[d.index]!['DocDtls'].No,
        docDate: '10/11/2026',
      });
      expect(found.ok && found.value.Irn).toBe(d.Irn);
    }
    expect(irns.size).toBe(58);
    // The document whose answer the crash lost was recovered, not refused as a duplicate.
    expect(result.documents.filter((d) => d.ok && d.recovered).length).toBeGreaterThanOrEqual(1);
    expect(result.documents.filter((d) => !d.ok).map((d) => d.index)).toEqual([5, 40]);
  });

  it('reports a document the IRP already held (not sent by this run) as 2150 with the registered IRN', async () => {
    const sandbox = createSandbox({ companies: { acme: [seller] }, clock });
    const company = sandbox.companies.get('acme')!;
    const docs = invoices(2, 'DUP');
    const before = await sandbox.providers.irp.generateIrn({ company }, validate('irn', docs[1], { today }).value);
    expect(before.ok).toBe(true);
    const result = await bulkGenerateIrn(docs, { provider: sandbox.providers.irp, company, today });
    expect(result.documents[1]).toMatchObject({ ok: false, errors: [{ code: '2150' }], existing: { Irn: before.ok ? before.value.Irn : '' } });
    expect(result.registered).toBe(1);
  });
});

describe('bulkGenerateEwaybill', () => {
  it('generates one e-waybill per valid document, recovers one lost to a crash from 604, and reports the invalid ones', async () => {
    const sandbox = createSandbox({ companies: { acme: [consignor] }, clock });
    const company = sandbox.companies.get('acme')!;
    const docs = ewaybills(40, 'EWB', [7]);
    const checkpoint = memorySteps();
    let generated = 0;
    const dying = (after: number): EwbProvider => ({
      ...sandbox.providers.ewb,
      async generate(ctx, gstin, request) {
        const out = await sandbox.providers.ewb.generate(ctx, gstin, request);
        if (out.ok) generated++;
        if (generated === after) throw new Crash('the server died');
        return out;
      },
    });
    await expect(bulkGenerateEwaybill(docs, { provider: dying(20), company, gstin: consignor, today, checkpoint })).rejects.toThrow('the server died');
    const result = await bulkGenerateEwaybill(docs, { provider: dying(-1), company, gstin: consignor, today, checkpoint });
    expect(result).toMatchObject({ total: 40, registered: 39, failed: 1 });
    expect(generated).toBe(39);
    const numbers = new Set(result.documents.flatMap((d) => (d.ok ? [d.EwbNo] : [])));
    expect(numbers.size).toBe(39);
    expect(result.documents.some((d) => d.ok && d.recovered)).toBe(true);
    for (const d of result.documents) {
      if (!d.ok) continue;
      const detail = await sandbox.providers.ewb.get({ company }, consignor, d.EwbNo);
      expect(detail.ok && detail.value['docNo']).toBe(docs[d.index]!['docNo']);
      expect(d.EwbTime).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    }
    const single = validate('ewb', docs[7], { today });
    expect(single.ok).toBe(false);
    expect(result.documents[7]).toMatchObject({ ok: false, errors: single.errors.map((e) => ({ code: e.code })) });
  });

  it('refuses every document for a GSTIN the company does not have, sending none', async () => {
    const sandbox = createSandbox({ companies: { acme: [consignor] }, clock });
    const result = await bulkGenerateEwaybill(ewaybills(3, 'NOT'), {
      provider: sandbox.providers.ewb,
      company: sandbox.companies.get('acme')!,
      gstin: seller,
      today,
    });
    expect(result).toMatchObject({ registered: 0, failed: 3 });
    expect(result.documents.every((d) => !d.ok && d.errors[0]!.code === 'SVC-943')).toBe(true);
  });
});
