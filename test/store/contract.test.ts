/**
 * The store contract: the same behaviour from every adapter (memory, PGlite, PostgreSQL).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EwbListed, EwbRow, IrnRow, JobRow, RecoveryPolicy, Store } from '../../src/ports/store.js';
import { RETURN_PIECE_CHARS } from '../../src/store/return-pieces.js';
import { createSandbox, createSigningIdentity, manualClock, parseIst } from '../../src/sandbox/index.js';
import { storeAdapters } from '../support/stores.js';
import type { IrnPayload } from '../../src/types/payloads.js';

const adapters = storeAdapters({ pgliteThread: true });

const irn = (over: Partial<IrnRow> = {}): IrnRow => ({
  companyId: 'acme',
  irn: 'a'.repeat(64),
  sellerGstin: '29AAGCM4821K1Z6',
  financialYear: '2025-26',
  docType: 'INV',
  docKey: 'INV/1',
  docDate: '01/07/2025',
  docPeriod: '2025-07',
  buyerGstin: '29AADCN7314Q1ZU',
  status: 'ACT',
  record: { AckNo: '112510000000001', Irn: 'a'.repeat(64) },
  ...over,
});

const ewb = (over: Partial<EwbRow> = {}): EwbRow => ({
  ewbNo: '300000000001',
  companyId: 'acme',
  genGstin: '29AAGCM4821K1Z6',
  fromGstin: '29AAGCM4821K1Z6',
  toGstin: '29AADCN7314Q1ZU',
  docType: 'INV',
  docKey: 'INV/1',
  genDate: '01/07/2025',
  status: 'ACT',
  entry: { note: 'first' },
  ...over,
});

const job = (over: Partial<JobRow> = {}): JobRow => ({
  jobId: 'job-1',
  companyId: 'acme',
  type: 'gstr2b/export',
  params: { gstins: ['29AAGCM4821K1Z6'] },
  state: 0,
  done: 0,
  total: 0,
  progress: 0,
  attempts: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const policy: RecoveryPolicy = { maxAttempts: 2, error: { code: 'SVC-951', message: 'interrupted' } };
const at = (s: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

describe.each(adapters)('store contract: %s', (_name, open) => {
  let store: Store;
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ store, done } = await open());
  }, 120_000);
  afterAll(async () => done?.());

  it('registers one IRN per GSTIN, year, type and document, and answers the first one to every later try', async () => {
    expect(await store.insertIrn(irn())).toEqual({ inserted: true });
    const again = await store.insertIrn(irn({ irn: 'b'.repeat(64), record: { AckNo: 'other' } }));
    expect(again.inserted).toBe(false);
    if (!again.inserted) expect(again.existing.record['AckNo']).toBe('112510000000001');
    // Another financial year is another document.
    expect(await store.insertIrn(irn({ irn: 'c'.repeat(64), financialYear: '2026-27' }))).toEqual({ inserted: true });
  });

  it('lets concurrent identical registrations through exactly once', async () => {
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.insertIrn(irn({ irn: 'd'.repeat(63) + (i % 10), docKey: 'RACE/1', record: { n: i } }))),
    );
    expect(tries.filter((t) => t.inserted)).toHaveLength(1);
    const winners = new Set(tries.map((t) => (t.inserted ? 'me' : JSON.stringify(t.existing.record))));
    expect(winners.size).toBe(2);
  });

  it('keeps each company to its own IRNs and finds active ones by buyer and period', async () => {
    expect(await store.getIrn('other', 'a'.repeat(64))).toBeUndefined();
    expect((await store.getIrn('acme', 'a'.repeat(64)))?.docKey).toBe('INV/1');
    await store.updateIrn('acme', 'c'.repeat(64), 'CNL', { cancelled: true });
    expect((await store.getIrn('acme', 'c'.repeat(64)))?.record).toEqual({ cancelled: true });
    const bought = await store.irnsForBuyer('29AADCN7314Q1ZU', '2025-07');
    expect(bought.map((r) => r.irn)).toContain('a'.repeat(64));
    expect(bought.map((r) => r.irn)).not.toContain('c'.repeat(64));
  });

  it('allows one active e-waybill per document, again once it is cancelled, and keeps the history', async () => {
    expect(await store.insertEwb(ewb(), { ewbNo: '300000000001', at: at(1), event: 'generated', detail: {} })).toEqual({ inserted: true });
    expect(await store.insertEwb(ewb({ ewbNo: '300000000002' }), { ewbNo: '300000000002', at: at(2), event: 'generated', detail: {} })).toEqual({
      inserted: false,
      existingEwbNo: '300000000001',
    });
    await store.updateEwb('300000000001', 'CNL', { note: 'cancelled' }, { ewbNo: '300000000001', at: at(3), event: 'cancelled', detail: { reason: 1 } });
    expect((await store.insertEwb(ewb({ ewbNo: '300000000003' }), { ewbNo: '300000000003', at: at(4), event: 'generated', detail: {} })).inserted).toBe(true);
    expect((await store.ewbHistory('300000000001')).map((e) => e.event)).toEqual(['generated', 'cancelled']);
    expect((await store.getEwb('300000000001'))?.entry).toEqual({ note: 'cancelled' });
    expect((await store.ewbsGeneratedOn('acme', '29AAGCM4821K1Z6', '01/07/2025')).map((e) => e.ewbNo)).toEqual(['300000000001', '300000000003']);
    expect((await store.ewbsOfOtherParty('29AADCN7314Q1ZU', '01/07/2025')).length).toBe(2);
    expect(await store.ewbsOfOtherParty('29AAGCM4821K1Z6', '01/07/2025')).toEqual([]);
  });

  it('pages a day list in number order with the listed fields only, reads entries of rows without them, and lists what each list selects', async () => {
    const G = '29AAGCM4821K1Z6';
    const R = '29AADCN7314Q1ZU';
    const listedOf = (ewbNo: string, rejectStatus: 'Y' | 'N' = 'N'): EwbListed =>
      ({ ewbNo: Number(ewbNo), docNo: `D/${ewbNo}`, rejectStatus }) as unknown as EwbListed;
    const gen = (n: number, over: Partial<EwbRow> = {}) => {
      const ewbNo = String(300000000200 + n);
      return store.insertEwb(ewb({ ewbNo, genDate: '03/07/2025', docKey: `D/${n}`, entry: { big: 'x'.repeat(2000) }, listed: listedOf(ewbNo), ...over }), {
        ewbNo,
        at: at(n),
        event: 'generated',
        detail: {},
      });
    };
    // A day, numbers and generator no other case of this store uses (the store is shared by the cases).
    // Inserted out of number order; one stored without listed fields; one of another day, company and generator.
    for (const n of [4, 1, 3, 0, 2]) await gen(n, { transporterId: 'T1' });
    await gen(5, { listed: undefined, entry: { old: true } } as Partial<EwbRow>);
    await gen(6, { genDate: '04/07/2025' });
    await gen(7, { companyId: 'globex' });
    await gen(8, { genGstin: R, fromGstin: R, toGstin: G });
    const page = (q: Parameters<Store['ewbDayPage']>[0], after = '', limit = 100) => store.ewbDayPage(q, after, limit);
    const day = { companyId: 'acme', gstin: G, date: '03/07/2025' };
    const first = await page({ list: 'generator', ...day }, '', 3);
    expect(first).toEqual([0, 1, 2].map((n) => ({ ewbNo: String(300000000200 + n), listed: listedOf(String(300000000200 + n)) })));
    const rest = await page({ list: 'generator', ...day }, first[2]!.ewbNo, 3);
    expect(rest.map((r) => r.ewbNo)).toEqual(['300000000203', '300000000204', '300000000205']);
    expect(rest[2]).toEqual({ ewbNo: '300000000205', entry: { old: true } });
    expect(await page({ list: 'generator', ...day }, '300000000205', 3)).toEqual([]);
    // The other party: generated by someone else, naming R as consignee or consignor.
    expect((await page({ list: 'other-party', gstin: R, date: '03/07/2025' })).map((r) => r.ewbNo)).toEqual([
      '300000000200',
      '300000000201',
      '300000000202',
      '300000000203',
      '300000000204',
      '300000000205',
      '300000000207',
    ]);
    expect((await page({ list: 'other-party', gstin: G, date: '03/07/2025' })).map((r) => r.ewbNo)).toEqual(['300000000208']);
    expect((await page({ list: 'other-party', gstin: R, date: '03/07/2025' }, '300000000201', 2)).map((r) => r.ewbNo)).toEqual([
      '300000000202',
      '300000000203',
    ]);
    expect((await page({ list: 'transporter', gstin: 'T1', date: '03/07/2025' })).map((r) => r.ewbNo)).toEqual([
      '300000000200',
      '300000000201',
      '300000000202',
      '300000000203',
      '300000000204',
    ]);
    // Rejected: those whose listed fields say so, and any without listed fields (the reader judges those).
    expect((await page({ list: 'rejected', ...day })).map((r) => r.ewbNo)).toEqual(['300000000205']);
    const changed = await store.reviseEwb({
      ewbNo: '300000000202',
      revision: 0,
      status: 'ACT',
      transporterId: 'T2',
      entry: { revision: 1 },
      listed: listedOf('300000000202', 'Y'),
      event: { ewbNo: '300000000202', at: at(9), event: 'rejected', detail: {} },
    });
    expect(changed).toBe(true);
    expect((await page({ list: 'rejected', ...day })).map((r) => r.ewbNo)).toEqual(['300000000202', '300000000205']);
    expect((await page({ list: 'transporter', gstin: 'T2', date: '03/07/2025' })).map((r) => r.ewbNo)).toEqual(['300000000202']);
    // A change without listed fields forgets them: the lists read the entry again.
    await store.updateEwb('300000000201', 'CNL', { note: 'cancelled' }, { ewbNo: '300000000201', at: at(10), event: 'cancelled', detail: {} });
    expect((await page({ list: 'generator', ...day }, '300000000200', 1))[0]).toEqual({ ewbNo: '300000000201', entry: { note: 'cancelled' } });
  });

  it('writes an IRN and its e-waybill together or not at all, and no reader sees one without the other', async () => {
    const row = irn({ irn: 'e'.repeat(64), docKey: 'TX/1', record: { AckNo: '1' } });
    const generated = { ewbNo: '300000000101', at: at(5), event: 'generated', detail: {} };
    // A reader outside the transaction, started while it is open: sees both or neither, never half.
    const outside = async () => {
      const [i, e] = await Promise.all([store.getIrn('acme', row.irn), store.getEwb('300000000101')]);
      return { irn: i !== undefined && i.record['EwbNo'] === '300000000101', ewb: e !== undefined, any: i !== undefined || e !== undefined };
    };
    const attempt = (failAt: 'between' | 'after-ewb' | 'never') => {
      let opened!: () => void;
      const open = new Promise<void>((r) => (opened = r));
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const tx = store.atomically(async (t) => {
        expect(await t.insertIrn(row)).toEqual({ inserted: true });
        opened();
        await gate;
        if (failAt === 'between') throw new Error('the connection was lost between the two writes');
        expect(await t.insertEwb(ewb({ ewbNo: '300000000101', docKey: 'TX/1', irn: row.irn }), generated)).toEqual({ inserted: true });
        if (failAt === 'after-ewb') throw new Error('the connection was lost before the IRN was updated');
        await t.updateIrn('acme', row.irn, 'ACT', { ...row.record, EwbNo: '300000000101' });
        return 'committed';
      });
      return { tx, open, release };
    };
    for (const failAt of ['between', 'after-ewb'] as const) {
      const { tx, open, release } = attempt(failAt);
      await open;
      const seen = outside();
      // PostgreSQL answers the reader at once from the last commit; PGlite and memory make it wait for the end.
      await Promise.race([seen, new Promise((r) => setTimeout(r, 150))]);
      release();
      await expect(tx).rejects.toThrow('the connection was lost');
      expect((await seen).any, failAt).toBe(false);
      expect((await outside()).any, failAt).toBe(false);
      expect(await store.ewbHistory('300000000101')).toEqual([]);
    }
    const { tx, open, release } = attempt('never');
    await open;
    const seen = outside();
    await Promise.race([seen, new Promise((r) => setTimeout(r, 150))]);
    release();
    expect(await tx).toBe('committed');
    const during = await seen;
    expect(during.irn).toBe(during.ewb);
    expect(await outside()).toEqual({ irn: true, ewb: true, any: true });
    expect((await store.ewbHistory('300000000101')).map((e) => e.event)).toEqual(['generated']);
  });

  it('keeps nothing of an IRN whose e-waybill write fails when both are asked for in one request', async () => {
    const identity = createSigningIdentity();
    const clock = manualClock(parseIst('14/11/2026 11:00:00')!);
    let failing = true;
    // The store as the sandbox sees it: the e-waybill write inside the IRN's transaction fails while `failing`.
    const flaky: Store = {
      ...store,
      atomically: (work) =>
        store.atomically((tx) => work(failing ? { ...tx, insertEwb: async () => Promise.reject(new Error('the database went away mid-request')) } : tx)),
    };
    const sandbox = createSandbox({ companies: { acme: ['29AAGCK4821M1Z4', '29AAGCM4821K1Z6'] }, clock, identity, seed: 11, store: flaky });
    const ctx = { company: sandbox.companies.get('acme')! };
    const invoice = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8')) as IrnPayload;
    await expect(sandbox.irp.generateIrn(ctx, invoice)).rejects.toThrow('the database went away');
    expect(await store.irnsOfSeller('acme', '29AAGCK4821M1Z4', '2026-11')).toEqual([]);
    expect(await store.ewbsGeneratedOn('acme', '29AAGCK4821M1Z4', '14/11/2026')).toEqual([]);
    // Nothing half-written blocks the retry: it registers the IRN with its e-waybill.
    failing = false;
    const retried = await sandbox.irp.generateIrn(ctx, invoice);
    expect(retried.ok).toBe(true);
    if (!retried.ok) return;
    expect(retried.value.EwbNo).toMatch(/^\d{12}$/);
    const kept = await store.getIrn('acme', retried.value.Irn);
    expect(kept?.record['EwbNo']).toBe(retried.value.EwbNo);
    expect((await store.getEwb(retried.value.EwbNo!))?.irn).toBe(retried.value.Irn);
    await sandbox.jobs.close?.();
  });

  it('keeps trip sheets: one row per number, replaced as a whole', async () => {
    const row = {
      tripSheetNo: '3100000001',
      companyId: 'acme',
      genGstin: '29AAGCM4821K1Z6',
      genDate: '01/07/2025',
      status: 'ACT',
      record: { members: ['300000000001'], vehicles: [{ vehicleNo: 'KA01AB1234' }] },
    };
    expect(await store.insertTripSheet(row)).toEqual({ inserted: true });
    expect(await store.insertTripSheet({ ...row, genGstin: '29AADCN7314Q1ZU' })).toEqual({ inserted: false });
    expect(await store.getTripSheet('3100000001')).toEqual(row);
    await store.updateTripSheet('3100000001', 'REG', { ...row.record, regeneratedAs: '3100000002' });
    expect(await store.getTripSheet('3100000001')).toEqual({ ...row, status: 'REG', record: { ...row.record, regeneratedAs: '3100000002' } });
    expect(await store.getTripSheet('3100000009')).toBeUndefined();
  });

  it('revises an e-waybill only from the revision it was read at, moves it between transporters, and keeps every change in its history', async () => {
    const no = '300000000010';
    const row = ewb({ ewbNo: no, docKey: 'INV/10', transporterId: '29AABCS1429B1ZQ', entry: { note: 'generated' } });
    await store.insertEwb(row, { ewbNo: no, at: at(10), event: 'generated', detail: {} });
    expect((await store.getEwb(no))?.transporterId).toBe('29AABCS1429B1ZQ');
    expect((await store.ewbsForTransporter('29AABCS1429B1ZQ', '01/07/2025')).map((r) => r.ewbNo)).toEqual([no]);
    const change = (revision: number, transporterId: string | null, note: string, second: number) => ({
      ewbNo: no,
      revision,
      status: 'ACT',
      transporterId,
      entry: { note, revision: revision + 1 },
      event: { ewbNo: no, at: at(second), event: note, detail: { to: transporterId } },
    });
    // Two changes read at revision 0: exactly one is written.
    const race = await Promise.all([
      store.reviseEwb(change(0, '33AABCK5523R1Z9', 'vehicle-updated', 11)),
      store.reviseEwb(change(0, '33AABCK5523R1Z9', 'transporter-updated', 11)),
    ]);
    expect(race.filter(Boolean)).toHaveLength(1);
    expect(await store.reviseEwb(change(0, null, 'stale', 12))).toBe(false);
    expect(await store.reviseEwb(change(1, '33AABCK5523R1Z9', 'validity-extended', 13))).toBe(true);
    const stored = await store.getEwb(no);
    expect(stored?.entry).toEqual({ note: 'validity-extended', revision: 2 });
    expect(stored?.transporterId).toBe('33AABCK5523R1Z9');
    expect(await store.ewbsForTransporter('29AABCS1429B1ZQ', '01/07/2025')).toEqual([]);
    expect((await store.ewbsForTransporter('33AABCK5523R1Z9', '01/07/2025')).map((r) => r.ewbNo)).toEqual([no]);
    expect(await store.ewbsForTransporter('33AABCK5523R1Z9', '02/07/2025')).toEqual([]);
    const history = (await store.ewbHistory(no)).map((e) => e.event);
    expect(history).toHaveLength(3);
    expect(history[0]).toBe('generated');
    expect(history[2]).toBe('validity-extended');
    // Unassigned: in nobody's list.
    expect(await store.reviseEwb(change(2, null, 'unassigned', 14))).toBe(true);
    expect((await store.getEwb(no))?.transporterId).toBeUndefined();
    expect(await store.ewbsForTransporter('33AABCK5523R1Z9', '01/07/2025')).toEqual([]);
  });

  it('hands out distinct numbers to concurrent callers', async () => {
    const numbers = await Promise.all(Array.from({ length: 30 }, () => store.nextNumber('ack', 1000)));
    expect(new Set(numbers).size).toBe(30);
    expect(Math.min(...numbers)).toBe(1000);
  });

  it('keeps returns per company and replaces a pull as a whole', async () => {
    await store.putReturn({ companyId: 'acme', gstin: 'G', returnType: 'gstr2b', period: '2025-07', pulledAt: at(1), json: '{"v":1}' });
    await store.putReturn({ companyId: 'acme', gstin: 'G', returnType: 'gstr2b', period: '2025-07', pulledAt: at(2), json: '{"v":2}' });
    expect((await store.getReturn('acme', 'G', 'gstr2b', '2025-07'))?.json).toBe('{"v":2}');
    expect(await store.getReturn('other', 'G', 'gstr2b', '2025-07')).toBeUndefined();
  });

  it('keeps a big return in bounded pieces, read back whole or piece by piece, and a new pull replaces them', async () => {
    // Over two pieces, with a surrogate pair (a rupee sign is one unit; an emoji is two) across a piece boundary.
    const text = `{"a":"${'x'.repeat(RETURN_PIECE_CHARS - 7)}\u{1F4B0}₹${'y'.repeat(RETURN_PIECE_CHARS + 10)}"}`;
    await store.putReturn({ companyId: 'acme', gstin: 'G2', returnType: 'gstr2a', period: '2025-08', pulledAt: at(3), json: text, documents: 42 });
    const info = await store.getReturnInfo('acme', 'G2', 'gstr2a', '2025-08');
    expect(info).toMatchObject({ pulledAt: at(3), documents: 42, pieces: 3 });
    expect(await store.getReturnInfo('other', 'G2', 'gstr2a', '2025-08')).toBeUndefined();
    const pieces: string[] = [];
    for (let seq = 0; seq < info!.pieces; seq++) pieces.push((await store.getReturnPiece(info!.version, seq))!);
    expect(pieces.every((p) => p.length <= RETURN_PIECE_CHARS)).toBe(true);
    expect(pieces.join('')).toBe(text);
    expect(await store.getReturnPiece(info!.version, info!.pieces)).toBeUndefined();
    expect((await store.getReturn('acme', 'G2', 'gstr2a', '2025-08'))?.json).toBe(text);

    await store.putReturn({ companyId: 'acme', gstin: 'G2', returnType: 'gstr2a', period: '2025-08', pulledAt: at(4), json: '{"v":3}' });
    const again = await store.getReturnInfo('acme', 'G2', 'gstr2a', '2025-08');
    expect(again).toMatchObject({ pulledAt: at(4), pieces: 1 });
    expect(again?.documents).toBeUndefined();
    expect(again?.version).not.toBe(info!.version);
    // The earlier pull's pieces are gone with it: a reader still holding its version is told so.
    expect(await store.getReturnPiece(info!.version, 0)).toBeUndefined();
    expect(await store.getReturnPiece(again!.version, 0)).toBe('{"v":3}');
  });

  it('claims a job once, records progress, and ends it once', async () => {
    await store.insertJob(job());
    const claims = await Promise.all([1, 2, 3].map((n) => store.claimJob(`runner-${n}`, at(10), at(40), policy)));
    const won = claims.filter(Boolean);
    expect(won).toHaveLength(1);
    const owner = won[0]!.owner!;
    expect(won[0]!.state).toBe(1);
    expect(await store.touchJob('job-1', 'someone-else', { leaseUntil: at(50), updatedAt: at(11), done: 1 })).toBe(false);
    expect(await store.touchJob('job-1', owner, { leaseUntil: at(50), updatedAt: at(11), done: 500, total: 1000, progress: 50 })).toBe(true);
    expect(await store.getJob('acme', 'job-1')).toMatchObject({ done: 500, total: 1000, progress: 50, state: 1 });
    expect(await store.getJob('other', 'job-1')).toBeUndefined();
    expect(await store.finishJob('job-1', owner, { state: 100, updatedAt: at(12), result: { rows: 1000 }, fileId: 'f1' })).toBe(true);
    expect(await store.finishJob('job-1', owner, { state: 101, updatedAt: at(13), error: { code: 'X', message: 'late' } })).toBe(false);
    expect(await store.getJob('acme', 'job-1')).toMatchObject({ state: 100, progress: 100, done: 1000, result: { rows: 1000 }, fileId: 'f1' });
  });

  it('keeps the later lease when a slow write with an earlier one lands after it', async () => {
    await store.insertJob(job({ jobId: 'job-3', createdAt: at(20) }));
    const claimed = await store.claimJob('slow', at(21), at(30), policy);
    expect(claimed?.jobId).toBe('job-3');
    // A renewal to at(50) lands first; a progress write sent earlier, carrying at(35), lands after it.
    expect(await store.touchJob('job-3', 'slow', { leaseUntil: at(50), updatedAt: at(25) })).toBe(true);
    expect(await store.touchJob('job-3', 'slow', { leaseUntil: at(35), updatedAt: at(24), progress: 40 })).toBe(true);
    expect(await store.getJob('acme', 'job-3')).toMatchObject({ progress: 40, state: 1 });
    // At at(40) the lease still runs (to at(50)): nobody else may take the job.
    expect(await store.claimJob('other', at(40), at(70), policy, { jobId: 'job-3' })).toBeUndefined();
    expect(await store.claimJob('other', at(51), at(70), policy, { jobId: 'job-3' })).toMatchObject({ jobId: 'job-3', owner: 'other', attempts: 2 });
  });

  it('runs an interrupted job again, and fails it clearly when it keeps being interrupted', async () => {
    await store.insertJob(job({ jobId: 'job-2', createdAt: at(20) }));
    const first = await store.claimJob('dead-1', at(21), at(30), policy);
    expect(first?.jobId).toBe('job-2');
    // The runner died: its lease runs out and the job is claimed again.
    const second = await store.claimJob('alive', at(31), at(60), policy);
    expect(second).toMatchObject({ jobId: 'job-2', attempts: 2, owner: 'alive' });
    expect(await store.finishJob('job-2', 'dead-1', { state: 100, updatedAt: at(32) })).toBe(false);
    // Dies again: past maxAttempts it ends failed, not working.
    expect(await store.recoverJobs(at(61), policy)).toEqual({ requeued: 0, failed: 1 });
    expect(await store.getJob('acme', 'job-2')).toMatchObject({ state: 101, error: policy.error });
    expect(await store.claimJob('alive', at(62), at(90), policy)).toBeUndefined();
  });

  it('streams a file back chunk by chunk, only to its company', async () => {
    await store.createFile({ fileId: 'f1', companyId: 'acme', fileName: 'x.xlsx', contentType: 'application/octet-stream' });
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array(70_000).fill(7), new Uint8Array([9])];
    for (let i = 0; i < chunks.length; i++) await store.appendFileChunk('f1', i, chunks[i]!);
    expect((await store.getFile('acme', 'f1'))?.complete).toBe(false);
    await store.completeFile('f1', 70_004);
    expect(await store.getFile('acme', 'f1')).toMatchObject({ fileName: 'x.xlsx', size: 70_004, complete: true });
    expect(await store.getFile('other', 'f1')).toBeUndefined();
    const back: number[] = [];
    for await (const c of store.readFile('f1')) back.push(c.length);
    expect(back).toEqual([3, 70_000, 1]);
  });

  it("keeps a job's steps: started, then done with its outcome, which nothing changes afterwards", async () => {
    expect(await store.jobSteps('job-1')).toEqual([]);
    await store.putJobSteps('job-1', [
      { step: 2, state: 'started' },
      { step: 0, state: 'started' },
      { step: 1, state: 'done', data: { ok: false, errors: [{ code: '2172', message: 'IGST "wrong" \\ here' }] } },
    ]);
    await store.putJobSteps('job-1', [{ step: 0, state: 'done', data: { ok: true, Irn: 'a'.repeat(64) } }]);
    // A late "started" and a second outcome leave the recorded outcome as it was.
    await store.putJobSteps('job-1', [
      { step: 0, state: 'started' },
      { step: 1, state: 'done', data: { ok: true } },
    ]);
    expect(await store.jobSteps('job-1')).toEqual([
      { step: 0, state: 'done', data: { ok: true, Irn: 'a'.repeat(64) } },
      { step: 1, state: 'done', data: { ok: false, errors: [{ code: '2172', message: 'IGST "wrong" \\ here' }] } },
      { step: 2, state: 'started' },
    ]);
    await store.putJobSteps('job-1', []);
    expect(await store.jobSteps('job-1')).toHaveLength(3);
  });

  it('prunes finished jobs with their files and steps', async () => {
    expect(await store.pruneJobs(at(100))).toBeGreaterThanOrEqual(2);
    expect(await store.getJob('acme', 'job-1')).toBeUndefined();
    expect(await store.getFile('acme', 'f1')).toBeUndefined();
    expect(await store.jobSteps('job-1')).toEqual([]);
  });

  it('keeps inquiries in the outbox until delivered', async () => {
    const row = { inquiryId: 'i1', payload: { email: 'a@b.in' }, state: 'pending' as const, attempts: 0, nextAttemptAt: at(1), createdAt: at(0) };
    await store.addInquiry(row);
    await store.addInquiry({ ...row, payload: { email: 'changed@b.in' } });
    expect((await store.dueInquiries(at(0), 10)).length).toBe(0);
    expect((await store.dueInquiries(at(1), 10)).map((r) => r.payload)).toEqual([{ email: 'a@b.in' }]);
    await store.markInquiryRetry('i1', at(5), 'CRM down');
    expect(await store.getInquiry('i1')).toMatchObject({ attempts: 1, lastError: 'CRM down', state: 'pending' });
    expect(await store.dueInquiries(at(4), 10)).toEqual([]);
    await store.markInquiryDelivered('i1');
    expect(await store.dueInquiries(at(9), 10)).toEqual([]);
    expect((await store.getInquiry('i1'))?.state).toBe('delivered');
  });

  it('hands each due inquiry to one claimer at a time, again once the claim runs out, and drops a retry under a lost claim', async () => {
    for (let i = 0; i < 12; i++) {
      await store.addInquiry({ inquiryId: `claim-${i}`, payload: { n: i }, state: 'pending', attempts: 0, nextAttemptAt: at(20), createdAt: at(20) });
    }
    expect(await store.claimDueInquiries(at(19), at(50), 5)).toEqual([]);
    // Four claimers at once: every due inquiry goes to exactly one of them.
    const claims = await Promise.all([0, 1, 2, 3].map(() => store.claimDueInquiries(at(21), at(50), 5)));
    expect(claims.every((c) => c.length <= 5)).toBe(true);
    const ids = claims.flat().map((r) => r.inquiryId);
    expect(ids.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `claim-${i}`).sort());
    expect(claims.flat().every((r) => r.nextAttemptAt === at(50))).toBe(true);
    expect(await store.claimDueInquiries(at(49), at(80), 20)).toEqual([]);
    // The claim on claim-0 runs out; another server claims it again.
    const [again] = await store.claimDueInquiries(at(50), at(90), 1);
    expect(again?.nextAttemptAt).toBe(at(90));
    // The first claimer comes back late: its retry is dropped, the second claim stands.
    await store.markInquiryRetry(again!.inquiryId, at(60), 'late', at(50));
    expect(await store.getInquiry(again!.inquiryId)).toMatchObject({ attempts: 0, nextAttemptAt: at(90) });
    await store.markInquiryRetry(again!.inquiryId, at(120), 'CRM down', at(90));
    expect(await store.getInquiry(again!.inquiryId)).toMatchObject({ attempts: 1, nextAttemptAt: at(120), lastError: 'CRM down' });
    for (let i = 0; i < 12; i++) await store.markInquiryDelivered(`claim-${i}`);
    expect(await store.claimDueInquiries(at(999), at(1999), 50)).toEqual([]);
  });

  it('keeps API key revocations and gives every caller the same secret', async () => {
    expect(await store.revokedApiKeys()).toEqual([]);
    await store.revokeApiKey('k2', '2026-11-14T05:30:00.000Z');
    await store.revokeApiKey('k1', '2026-11-14T06:00:00.000Z');
    // Revoking again keeps the first time.
    await store.revokeApiKey('k2', '2026-11-15T00:00:00.000Z');
    expect(await store.revokedApiKeys()).toEqual([
      { keyId: 'k1', revokedAt: '2026-11-14T06:00:00.000Z' },
      { keyId: 'k2', revokedAt: '2026-11-14T05:30:00.000Z' },
    ]);
    expect(await store.restoreApiKey('k1')).toBe(true);
    expect(await store.restoreApiKey('k1')).toBe(false);
    expect(await store.revokedApiKeys()).toEqual([{ keyId: 'k2', revokedAt: '2026-11-14T05:30:00.000Z' }]);
    const values = await Promise.all([1, 2, 3, 4].map((n) => store.secret('signing', () => `value-${n}`)));
    expect(new Set(values).size).toBe(1);
    expect(await store.secret('signing', () => 'later')).toBe(values[0]);
  });

  it('keeps taxpayers', async () => {
    await store.putTaxpayer('29AAGCM4821K1Z6', { legalName: 'A' });
    await store.putTaxpayer('29AAGCM4821K1Z6', { legalName: 'B' });
    expect(await store.listTaxpayers()).toEqual([{ gstin: '29AAGCM4821K1Z6', data: { legalName: 'B' } }]);
  });

  it('keeps each company its own audit log, newest first, paged and filtered by time', async () => {
    const entry = (n: number, companyId = 'acme') => ({
      at: new Date(Date.UTC(2026, 10, 14, 5, 30, n)).toISOString(),
      companyId,
      keyId: 'k1',
      operation: 'generateIrn',
      method: 'POST',
      path: '/api/svc/einvoice/generateirn',
      ...(n % 2 ? { gstin: '29AAGCM4821K1Z6', document: `INV INV/${n} 01/07/2025`, result: `IRN ${'a'.repeat(64)}` } : { code: '2150' }),
      status: n % 2 ? 200 : 409,
    });
    for (let n = 1; n <= 5; n++) await store.addAudit(entry(n));
    await store.addAudit(entry(6, 'globex'));
    const all = await store.listAudit('acme', { limit: 10 });
    expect(all.map((r) => r.at)).toEqual([5, 4, 3, 2, 1].map((n) => entry(n).at));
    expect(all.map(({ seq: _seq, ...rest }) => rest)).toEqual([5, 4, 3, 2, 1].map((n) => entry(n)));
    const page = await store.listAudit('acme', { limit: 2, beforeSeq: all[1]!.seq });
    expect(page.map((r) => r.seq)).toEqual([all[2]!.seq, all[3]!.seq]);
    expect((await store.listAudit('acme', { limit: 10, since: entry(2).at, until: entry(4).at })).map((r) => r.at)).toEqual([entry(3).at, entry(2).at]);
    expect(await store.listAudit('globex', { limit: 10 })).toHaveLength(1);
    expect(await store.listAudit('nobody', { limit: 10 })).toEqual([]);
  });

  it('prunes audit entries older than a time, for every company, keeping the newer ones and their place in the log', async () => {
    const entry = (day: number, companyId: string) => ({
      at: new Date(Date.UTC(2024, 0, day, 6)).toISOString(),
      companyId,
      keyId: 'k1',
      operation: 'cancelIrn',
      method: 'POST',
      path: '/api/svc/einvoice/cancelirn',
      status: 200,
    });
    for (const day of [1, 2, 3]) for (const c of ['old-a', 'old-b']) await store.addAudit(entry(day, c));
    const before = (await store.listAudit('old-a', { limit: 10 })).map((r) => r.seq);
    expect(await store.pruneAudit(new Date(Date.UTC(2024, 0, 3)).toISOString())).toBe(4);
    const left = await store.listAudit('old-a', { limit: 10 });
    expect(left.map((r) => [r.at, r.seq])).toEqual([[entry(3, 'old-a').at, before[0]]]);
    expect(await store.listAudit('old-b', { limit: 10 })).toHaveLength(1);
    // Entries of the earlier test (2026) are newer than the cut and stay.
    expect(await store.listAudit('acme', { limit: 10 })).toHaveLength(5);
    expect(await store.pruneAudit(new Date(Date.UTC(2024, 0, 3)).toISOString())).toBe(0);
    // A new entry after pruning gets a place after every earlier one: paging never repeats or skips.
    await store.addAudit(entry(4, 'old-a'));
    const after = await store.listAudit('old-a', { limit: 10 });
    expect(after[0]!.seq).toBeGreaterThan(before[0]!);
  });

  it('keeps rejected IRNs per company, IRP, seller and day, once each, in the order recorded', async () => {
    const rejection = (irn: string, over: Partial<{ companyId: string; irp: string; sellerGstin: string; rejectedOn: string }> = {}) => {
      const row = { companyId: 'acme', irp: 'IRP2', sellerGstin: '29AAGCM4821K1Z6', irn, rejectedOn: '14/11/2026', ...over };
      return { ...row, entry: { Irn: irn, DocNo: `D/${irn.slice(0, 3)}`, RejectedOn: row.rejectedOn } };
    };
    await store.addRejectedIrn(rejection('e'.repeat(64)));
    await store.addRejectedIrn(rejection('f'.repeat(64)));
    await store.addRejectedIrn(rejection('e'.repeat(64))); // the same rejection again is not listed twice
    await store.addRejectedIrn(rejection('0'.repeat(64), { companyId: 'globex' }));
    await store.addRejectedIrn(rejection('1'.repeat(64), { irp: 'IRP3' }));
    await store.addRejectedIrn(rejection('2'.repeat(64), { rejectedOn: '15/11/2026' }));
    await store.addRejectedIrn(rejection('3'.repeat(64), { sellerGstin: '29AADCN7314Q1ZU' }));
    const day = await store.rejectedIrns('acme', 'IRP2', '29AAGCM4821K1Z6', '14/11/2026');
    expect(day).toEqual([rejection('e'.repeat(64)), rejection('f'.repeat(64))]);
    expect(await store.rejectedIrns('globex', 'IRP2', '29AAGCM4821K1Z6', '14/11/2026')).toEqual([rejection('0'.repeat(64), { companyId: 'globex' })]);
    expect(await store.rejectedIrns('acme', 'IRP3', '29AAGCM4821K1Z6', '14/11/2026')).toHaveLength(1);
    expect(await store.rejectedIrns('acme', 'IRP2', '29AAGCM4821K1Z6', '15/11/2026')).toHaveLength(1);
    expect(await store.rejectedIrns('nobody', 'IRP2', '29AAGCM4821K1Z6', '14/11/2026')).toEqual([]);
  });

  it('counts requests per bucket in slots, atomically, never past the cap, forgetting slots that left the window', async () => {
    const hits = (bucket: string, slotStart: number, since: number, cap: number, by?: number) => store.countRequest(bucket, slotStart, since, cap, by);
    // 30 at once against a cap of 20: exactly 20 are added, on every store, however they interleave.
    const counts = await Promise.all(Array.from({ length: 30 }, () => hits('key:60000:k1', 60_000, 0, 20)));
    expect(counts.filter((c) => c.added)).toHaveLength(20);
    expect((await hits('key:60000:k1', 60_000, 0, 20, 0)).slots).toEqual([{ start: 60_000, hits: 20 }]);
    expect(await hits('key:60000:k2', 60_000, 0, 20)).toEqual({ slots: [{ start: 60_000, hits: 1 }], added: true });
    // A later slot adds to the same window; once the first slot is older than `since` it is forgotten.
    expect(await hits('key:60000:k2', 66_000, 0, 20)).toEqual({
      slots: [
        { start: 60_000, hits: 1 },
        { start: 66_000, hits: 1 },
      ],
      added: true,
    });
    expect(await hits('key:60000:k2', 126_000, 66_000, 20)).toEqual({
      slots: [
        { start: 66_000, hits: 1 },
        { start: 126_000, hits: 1 },
      ],
      added: true,
    });
    expect(await hits('key:60000:k1', 126_000, 66_000, 20)).toEqual({ slots: [{ start: 126_000, hits: 1 }], added: true });
  });
});
