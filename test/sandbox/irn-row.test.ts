import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, manualClock, parseIst } from '../../src/sandbox/index.js';
import { signJws, createSigningIdentity } from '../../src/sandbox/certificate.js';
import { invoiceInSignedInvoice, invoiceOfSignedData, jwsClaims } from '../../src/compute/signed-invoice.js';
import { validate } from '../../src/validate.js';
import type { Store } from '../../src/ports/store.js';
import { loadCorpus } from '../corpus/corpus.js';
import { example } from '../support/examples.js';
import { storeAdapters } from '../support/stores.js';
import type { IrnPayload } from '../../src/types/payloads.js';

const SELLER = '29AAGCK4821M1Z4';

/** The example invoice, numbered `no`, in its canonical form (what the handler hands the IRP). */
function canonicalInvoice(no: string, withEwb = false): IrnPayload {
  const inv = example('irn');
  if (!withEwb) delete inv.EwbDtls;
  inv.DocDtls.No = no;
  const checked = validate('irn', inv, { today: '14/11/2026' });
  expect(checked.errors).toEqual([]);
  return checked.value as IrnPayload;
}

const jsonCopy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe.each(storeAdapters())('an IRN row on the %s store', (_name, open) => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const done of opened) await done();
  });

  async function sandboxOn(): Promise<{ sandbox: ReturnType<typeof createSandbox>; store: Store }> {
    const { store, done } = await open();
    opened.push(done);
    const sandbox = createSandbox({ companies: { acme: [SELLER] }, clock: manualClock(parseIst('14/11/2026 11:00:00')!), store, seed: 5 });
    return { sandbox, store };
  }

  it('keeps the invoice once, inside SignedInvoice, and every reader still gets the invoice registered', async () => {
    const { sandbox, store } = await sandboxOn();
    const ctx = { company: sandbox.companies.get('acme')! };
    const invoice = canonicalInvoice('ROW/0001');
    const made = await sandbox.irp.generateIrn(ctx, invoice);
    expect(made.ok).toBe(true);
    const irn = made.ok ? made.value.Irn : '';
    // The registering call answers with the invoice it was given.
    expect(made.ok && made.value.invoice).toBe(invoice);

    const row = await store.getIrn('acme', irn);
    expect(row).toBeDefined();
    expect(Object.keys(row!.record)).not.toContain('invoice');
    expect(invoiceInSignedInvoice(row!.record['SignedInvoice'])).toEqual(jsonCopy(invoice));

    const read = await sandbox.irp.getIrn(ctx, SELLER, irn);
    expect(read.ok && read.value.invoice).toEqual(jsonCopy(invoice));
    const byDoc = await sandbox.irp.getIrnByDocument(ctx, SELLER, {
      docType: 'INV',
      docNo: 'ROW/0001',
      docDate: String((invoice['DocDtls'] as Record<string, unknown>)['Dt']),
    });
    expect(byDoc.ok && byDoc.value.invoice).toEqual(jsonCopy(invoice));

    const period = String((invoice['DocDtls'] as Record<string, unknown>)['Dt'])
      .split('/')
      .reverse()
      .slice(0, 2)
      .join('-');
    expect(await sandbox.irp.invoicesOfSeller('acme', SELLER, period)).toEqual([{ invoice: jsonCopy(invoice), cancelled: false }]);
    const buyer = String((invoice['BuyerDtls'] as Record<string, unknown>)['Gstin']);
    const forBuyer = await sandbox.irp.invoicesForBuyer(buyer, period);
    expect(forBuyer).toEqual([{ ...jsonCopy(invoice), Irn: irn, AckDt: made.ok ? made.value.AckDt : '' }]);

    // An e-waybill by IRN takes its Part-A from the invoice read back; the row it updates still keeps it once.
    const ewb = await sandbox.irp.generateEwbByIrn(ctx, SELLER, { Irn: irn, Distance: 120, TransMode: '1', VehNo: 'KA01AB1234', VehType: 'R' });
    expect(ewb.ok).toBe(true);
    const after = await store.getIrn('acme', irn);
    expect(Object.keys(after!.record)).not.toContain('invoice');
    expect(after!.record['EwbNo']).toBe(ewb.ok ? ewb.value.EwbNo : 'none');
    const withEwb = await sandbox.irp.getIrn(ctx, SELLER, irn);
    expect(withEwb.ok && withEwb.value.invoice).toEqual(jsonCopy(invoice));
  });

  it('an invoice with EwbDtls is registered with its e-waybill and read back whole', async () => {
    const { sandbox, store } = await sandboxOn();
    const ctx = { company: sandbox.companies.get('acme')! };
    const invoice = canonicalInvoice('ROW/0002', true);
    const made = await sandbox.irp.generateIrn(ctx, invoice);
    expect(made.ok && made.value.EwbNo).toBeTruthy();
    const irn = made.ok ? made.value.Irn : '';
    expect(Object.keys((await store.getIrn('acme', irn))!.record)).not.toContain('invoice');
    const read = await sandbox.irp.getIrn(ctx, SELLER, irn);
    expect(read.ok && read.value.invoice).toEqual(jsonCopy(invoice));
    expect(read.ok && read.value.invoice['EwbDtls']).toBeDefined();
  });

  it('a row stored with its invoice in the record (as earlier versions stored it) is read as stored', async () => {
    const { sandbox, store } = await sandboxOn();
    const ctx = { company: sandbox.companies.get('acme')! };
    const made = await sandbox.irp.generateIrn(ctx, canonicalInvoice('ROW/0003'));
    const irn = made.ok ? made.value.Irn : '';
    const row = (await store.getIrn('acme', irn))!;
    // A record kept whole: its own invoice wins over the one in SignedInvoice.
    const kept = { ...canonicalInvoice('ROW/0003'), Marker: 'kept in the row' };
    await store.updateIrn('acme', irn, 'ACT', { ...row.record, invoice: kept });
    const read = await sandbox.irp.getIrn(ctx, SELLER, irn);
    expect(read.ok && read.value.invoice).toEqual(kept);
  });
});

describe('the invoice inside a SignedInvoice', () => {
  const identity = createSigningIdentity();

  it('is every valid corpus e-invoice as it was signed, without the three fields the IRP puts first', () => {
    const invoices = loadCorpus()
      .filter((e) => e.kind === 'irn')
      .flatMap((e) => {
        // A corpus entry may carry a wrong option on purpose (validate throws): it holds no invoice.
        try {
          return [validate('irn', e.payload, e.options)];
        } catch {
          return [];
        }
      })
      .filter((r) => r.ok)
      .map((r) => r.value as unknown as Record<string, unknown>);
    expect(invoices.length).toBeGreaterThan(50);
    for (const invoice of invoices) {
      const token = signJws(identity, {
        data: JSON.stringify({ AckNo: 112610000000001, AckDt: '2026-11-14 11:00:00', Irn: 'a'.repeat(64), ...invoice }),
        iss: 'test',
      });
      expect(invoiceInSignedInvoice(token)).toEqual(jsonCopy(invoice));
    }
  });

  it('reads `data` as JSON text or as an object, and answers undefined for what holds no invoice', () => {
    expect(invoiceOfSignedData('{"AckNo":1,"Irn":"x","Version":"1.1"}')).toEqual({ Version: '1.1' });
    expect(invoiceOfSignedData({ AckDt: 'd', DocDtls: { No: '1' } })).toEqual({ DocDtls: { No: '1' } });
    expect(invoiceOfSignedData('not json')).toBeUndefined();
    expect(invoiceOfSignedData('[1,2]')).toBeUndefined();
    expect(invoiceOfSignedData(undefined)).toBeUndefined();
    expect(jwsClaims('no-dots')).toBeUndefined();
    expect(jwsClaims(`a.${Buffer.from('[1]').toString('base64url')}.c`)).toBeUndefined();
    expect(jwsClaims(`a.${Buffer.from('{"data":"{}"}').toString('base64url')}.c`)).toEqual({ data: '{}' });
    expect(invoiceInSignedInvoice('')).toBeUndefined();
    expect(invoiceInSignedInvoice(42)).toBeUndefined();
  });
});
