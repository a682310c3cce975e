/** The conformance suites' base invoice: our bundled example with every optional block filled in. */

import { readFileSync } from 'node:fs';

/** A valid IRN request with every field of the IRP's schema present, so that each row's field has a parent. */
export function fullInvoice(): Record<string, any> {
  const doc = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8'));
  doc.ItemList[0].BchDtls = { Nm: 'BATCH-2611', ExpDt: '31/12/2027', WrDt: '31/12/2028' };
  doc.ItemList[0].Barcde = '8901234567890';
  doc.ItemList[0].FreeQty = 1;
  doc.TranDtls.EcmGstin = '29AAGCK4821M1Z4';
  doc.RefDtls = {
    InvRm: 'Delivered against the November order',
    DocPerdDtls: { InvStDt: '01/11/2026', InvEndDt: '30/11/2026' },
    PrecDocDtls: [{ InvNo: 'KCPL/26-27/0311', InvDt: '02/10/2026', OthRefNo: 'ORD-4471' }],
    ContrDtls: [
      {
        RecAdvRefr: 'RA-1187',
        RecAdvDt: '09/11/2026',
        TendRefr: 'TND-77',
        ContrRefr: 'CTR-2026-14',
        ExtRefr: 'EXT-9',
        ProjRefr: 'PRJ-3',
        PORefr: 'PO-88231',
        PORefDt: '01/11/2026',
      },
    ],
  };
  doc.ExpDtls = { ShipBNo: 'SB-5521', ShipBDt: '10/11/2026', Port: 'INBLR4', RefClm: 'N', ForCur: 'USD', CntCode: 'AE', ExpDuty: 0 };
  doc.ValDtls.TotInvValFc = 7750.25;
  return doc;
}
