import { describe, expect, it } from 'vitest';
import { createSandbox, createSandboxIrp, manualClock, parseIst } from '../../src/sandbox/index.js';
import { example } from '../support/examples.js';
import type { IrnPayload } from '../../src/types/payloads.js';

const SELLER = '29AAGCK4821M1Z4';

/** Two IRPs over one store, as the six IRPs share the central duplicate check. */
function twoIrps() {
  const clock = manualClock(parseIst('14/11/2026 11:00:00')!);
  const sandbox = createSandbox({ companies: { acme: [SELLER] }, clock, seed: 3 });
  const irp2 = createSandboxIrp({ clock, identity: sandbox.identity, ewb: sandbox.ewb, store: sandbox.store, seed: 4, irp: 'IRP2' });
  const ctx = { company: sandbox.companies.get('acme')! };
  return { irp1: sandbox.irp, irp2, ctx };
}

function invoice(no: string): IrnPayload {
  const inv = example('irn');
  delete inv.EwbDtls;
  inv.DocDtls.No = no;
  return inv;
}

describe('several IRPs', () => {
  it('an IRN is known only to the IRP that issued it (2148 on another)', async () => {
    const { irp1, irp2, ctx } = twoIrps();
    const made = await irp1.generateIrn(ctx, invoice('KCPL/26-27/0701'));
    expect(made.ok).toBe(true);
    const irn = made.ok ? made.value.Irn : '';
    expect(made.ok && made.value.Irp).toBe('IRP1');
    expect((await irp1.getIrn(ctx, SELLER, irn)).ok).toBe(true);
    const elsewhere = await irp2.getIrn(ctx, SELLER, irn);
    expect(elsewhere.ok).toBe(false);
    expect(!elsewhere.ok && elsewhere.errors[0]!.code).toBe('2148');
    const cancel = await irp2.cancelIrn(ctx, SELLER, { Irn: irn, CnlRsn: '1', CnlRem: 'duplicate' });
    expect(!cancel.ok && cancel.errors[0]!.code).toBe('2148');
  });

  it('a document registered first on another IRP gets status REJ and is on the rejected-IRN list of the day', async () => {
    const { irp1, irp2, ctx } = twoIrps();
    await irp1.generateIrn(ctx, invoice('KCPL/26-27/0702'));
    const again = await irp2.generateIrn(ctx, invoice('KCPL/26-27/0702'));
    expect(again.ok).toBe(true);
    expect(again.ok && again.value.IrnStatus).toBe('REJ');
    const list = await irp2.rejectedIrns(ctx, SELLER, '14/11/2026');
    expect(list).toEqual([expect.objectContaining({ DocNo: 'KCPL/26-27/0702', RegisteredOn: 'IRP1', RejectedOn: '14/11/2026' })]);
    expect(await irp2.rejectedIrns(ctx, SELLER, '13/11/2026')).toEqual([]);
    // On the same IRP a second request stays a plain duplicate (2150).
    const dup = await irp1.generateIrn(ctx, invoice('KCPL/26-27/0702'));
    expect(!dup.ok && dup.errors[0]!.code).toBe('2150');
  });
});
