/**
 * The rejected-IRN list (NIC's Get-Rejected-IRNs) lives in the store: a sandbox rebuilt over the same store,
 * or a store reopened on the same data, still lists every rejection, and only to the company it belongs to.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/ports/store.js';
import { createSandbox, createSandboxIrp, createSigningIdentity, manualClock, parseIst } from '../../src/sandbox/index.js';
import { createMemoryStore, openPgliteStore, openPostgresStore } from '../../src/store/index.js';
import { example } from '../support/examples.js';
import { databaseUrl, freshDatabase, need } from '../support/services.js';
import type { IrnPayload } from '../../src/types/payloads.js';

const SELLER = '29AAGCK4821M1Z4';
const OTHER_SELLER = '29AAGCM4821K1Z6';
const identity = createSigningIdentity();

/** A store that can be closed and opened again on the same data ("restarted"). */
interface Reopenable {
  open(): Promise<Store>;
  /** Closes what `open` gave; the data stays. */
  close(store: Store): Promise<void>;
  dispose(): Promise<void>;
}

const kinds: Array<[string, () => Promise<Reopenable>]> = [
  [
    'memory (the same store, a rebuilt sandbox)',
    async () => {
      const store = createMemoryStore();
      return { open: async () => store, close: async () => {}, dispose: async () => {} };
    },
  ],
  [
    'PGlite (closed and reopened on its data folder)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gstkit-rejected-'));
      return { open: () => openPgliteStore(dir), close: (s) => s.close(), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];
if (need(databaseUrl)) {
  kinds.push([
    'PostgreSQL (a new connection to the same database)',
    async () => {
      const db = await freshDatabase(databaseUrl as string);
      return { open: () => openPostgresStore(db.url), close: (s) => s.close(), dispose: () => db.drop() };
    },
  ]);
}

function invoice(no: string, seller = SELLER): IrnPayload {
  const inv = example('irn');
  delete inv.EwbDtls;
  inv.DocDtls.No = no;
  inv.SellerDtls.Gstin = seller;
  return inv;
}

/** The sandbox's IRP1 and a second IRP over `store`, as a server builds them at start. */
function irps(store: Store) {
  const clock = manualClock(parseIst('14/11/2026 11:00:00')!);
  const sandbox = createSandbox({ companies: { acme: [SELLER], globex: [OTHER_SELLER] }, clock, seed: 3, identity, store });
  const irp2 = createSandboxIrp({ clock, identity, ewb: sandbox.ewb, store, seed: 4, irp: 'IRP2' });
  return { irp1: sandbox.irp, irp2, acme: { company: sandbox.companies.get('acme')! }, globex: { company: sandbox.companies.get('globex')! } };
}

describe.each(kinds)('rejected IRNs in the store: %s', (_name, make) => {
  it('lists the rejections after a restart, once each, on the rejecting IRP only, to their own company only', async () => {
    const data = await make();
    try {
      let store = await data.open();
      let { irp1, irp2, acme, globex } = irps(store);
      for (const no of ['KCPL/26-27/0801', 'KCPL/26-27/0802']) {
        expect((await irp1.generateIrn(acme, invoice(no))).ok).toBe(true);
        const rejected = await irp2.generateIrn(acme, invoice(no));
        expect(rejected.ok && rejected.value.IrnStatus).toBe('REJ');
      }
      // The same document sent to IRP2 again is rejected again, but listed once.
      expect((await irp2.generateIrn(acme, invoice('KCPL/26-27/0801'))).ok).toBe(true);
      expect((await irp1.generateIrn(globex, invoice('GLBX/1', OTHER_SELLER))).ok).toBe(true);
      expect((await irp2.generateIrn(globex, invoice('GLBX/1', OTHER_SELLER))).ok).toBe(true);
      const listed = await irp2.rejectedIrns(acme, SELLER, '14/11/2026');
      expect(listed.map((r) => r.DocNo)).toEqual(['KCPL/26-27/0801', 'KCPL/26-27/0802']);

      await data.close(store);
      store = await data.open();
      ({ irp1, irp2, acme, globex } = irps(store));
      expect(await irp2.rejectedIrns(acme, SELLER, '14/11/2026')).toEqual(listed);
      expect(listed[0]).toEqual(expect.objectContaining({ RegisteredOn: 'IRP1', RejectedOn: '14/11/2026', DocTyp: 'INV', DocDt: expect.any(String) }));
      // IRP1 rejected nothing; another company's GSTIN lists only its own; another day lists nothing.
      expect(await irp1.rejectedIrns(acme, SELLER, '14/11/2026')).toEqual([]);
      expect((await irp2.rejectedIrns(globex, OTHER_SELLER, '14/11/2026')).map((r) => r.DocNo)).toEqual(['GLBX/1']);
      expect(await irp2.rejectedIrns(globex, SELLER, '14/11/2026')).toEqual([]);
      expect(await irp2.rejectedIrns(acme, SELLER, '15/11/2026')).toEqual([]);
      await data.close(store);
    } finally {
      await data.dispose();
    }
  }, 120_000);
});
