/**
 * The memory store keeps an IRN record read-only instead of copying it: no caller can change a stored
 * record, through the object it handed in or through one it read back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IrnRow } from '../../src/ports/store.js';
import { createMemoryStore } from '../../src/store/memory.js';
import { keepRecord, readRecord } from '../../src/store/read-only-row.js';

const row = (over: Partial<IrnRow> = {}): IrnRow => ({
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
  record: { AckNo: '112510000000001', Irn: 'a'.repeat(64), invoice: { DocDtls: { No: 'INV/1' }, ItemList: [{ SlNo: '1', Qty: 2 }] } },
  ...over,
});

function everyObjectFrozen(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return true;
  return Object.isFrozen(v) && Object.values(v).every(everyObjectFrozen);
}

type Invoice = { DocDtls: { No: string }; ItemList: Array<{ Qty: number }> };
const invoiceOf = (r: IrnRow): Invoice => r.record['invoice'] as Invoice;

describe('keepRecord', () => {
  it('keeps any JSON value as it was, frozen all through, without copying it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const before = structuredClone(value);
        const kept = keepRecord(value);
        expect(kept.shared).toBe(true);
        expect(kept.value).toBe(value);
        expect(kept.value).toStrictEqual(before);
        expect(everyObjectFrozen(kept.value)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('copies a record holding something freezing cannot protect, and copies it again for each reader', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const record = { pdf: bytes, note: { text: 'x' } };
    const kept = keepRecord(record);
    expect(kept.shared).toBe(false);
    expect(Object.isFrozen(record)).toBe(false);
    bytes[0] = 9;
    const read = readRecord(kept);
    expect(read).toStrictEqual({ pdf: new Uint8Array([1, 2, 3]), note: { text: 'x' } });
    (read.note as { text: string }).text = 'reader';
    expect(readRecord(kept).note.text).toBe('x');
  });
});

describe('memory store: IRN records are read-only', () => {
  it('a record handed to insertIrn cannot be changed afterwards, and getIrn gives it back unchanged', async () => {
    const store = createMemoryStore();
    const mine = row();
    await store.insertIrn(mine);
    expect(() => {
      invoiceOf(mine).ItemList[0]!.Qty = 99;
    }).toThrow(TypeError);
    expect(() => {
      mine.record['AckNo'] = 'other';
    }).toThrow(TypeError);
    const read = (await store.getIrn('acme', 'a'.repeat(64)))!;
    expect(read).toStrictEqual(row());
    expect(() => {
      invoiceOf(read).DocDtls.No = 'INV/2';
    }).toThrow(TypeError);
    // The row's own fields are the caller's to change: the store keeps its own.
    read.status = 'CNL';
    expect((await store.getIrn('acme', 'a'.repeat(64)))!.status).toBe('ACT');
  });

  it('the duplicate insertIrn reports is the stored record, unchanged and read-only', async () => {
    const store = createMemoryStore();
    await store.insertIrn(row());
    const again = await store.insertIrn(row({ irn: 'b'.repeat(64), record: { AckNo: 'second' } }));
    expect(again.inserted).toBe(false);
    if (again.inserted) return;
    expect(again.existing.record['AckNo']).toBe('112510000000001');
    expect(() => {
      again.existing.record['AckNo'] = 'changed';
    }).toThrow(TypeError);
  });

  it('lists hand out copies their readers may change, leaving the store as it was', async () => {
    const store = createMemoryStore();
    await store.insertIrn(row());
    const [listed] = await store.irnsOfSeller('acme', '29AAGCM4821K1Z6', '2025-07');
    invoiceOf(listed!).ItemList[0]!.Qty = 7;
    const [forBuyer] = await store.irnsForBuyer('29AADCN7314Q1ZU', '2025-07');
    expect(invoiceOf(forBuyer!).ItemList[0]!.Qty).toBe(2);
    invoiceOf(forBuyer!).DocDtls.No = 'changed';
    expect(invoiceOf((await store.getIrn('acme', 'a'.repeat(64)))!)).toStrictEqual(invoiceOf(row()));
  });

  it('updateIrn keeps the new record read-only, and a failed transaction puts the old one back', async () => {
    const store = createMemoryStore();
    await store.insertIrn(row());
    const cancelled = { ...row().record, IrnStatus: 'CNL' };
    await store.updateIrn('acme', 'a'.repeat(64), 'CNL', cancelled);
    expect(Object.isFrozen(cancelled)).toBe(true);
    await expect(
      store.atomically(async (tx) => {
        await tx.updateIrn('acme', 'a'.repeat(64), 'ACT', { AckNo: 'rolled back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const read = (await store.getIrn('acme', 'a'.repeat(64)))!;
    expect(read.status).toBe('CNL');
    expect(read.record).toStrictEqual(cancelled);
  });
});
