/**
 * The raw-library floor of one `generateirn`, shared by the benchmarks that set gstkit beside it: a fresh
 * Ajv (default options) on gstkit's e-invoice schema, SHA-256 for the IRN, two RS256 JWS signatures with a
 * key object made once (the signed invoice and the signed QR payload), and the JSON reply's text.
 * @module
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { freshAjvValidator } from './fresh-ajv.js';

/** A parsed invoice in; the reply's text out, with `ok` false when the schema refused it. */
export type FloorIrn = (invoice: Record<string, any>) => { ok: boolean; reply: string };

export function createFloorIrn(): FloorIrn {
  const schema = freshAjvValidator('irn');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'floor' })).toString('base64url');
  const jws = (payload: unknown): string => {
    const input = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  };
  let ackNo = 0;
  return (invoice) => {
    if (!schema(invoice)) return { ok: false, reply: JSON.stringify({ errors: schema.errors }) };
    const irn = createHash('sha256').update(`${invoice.SellerDtls.Gstin}2026-27${invoice.DocDtls.Typ}${invoice.DocDtls.No}`).digest('hex');
    const ack = { AckNo: 112610000000000 + ++ackNo, AckDt: '2026-11-10 12:00:00', Irn: irn };
    const signedInvoice = jws({ data: JSON.stringify({ ...ack, ...invoice }), iss: 'floor' });
    const signedQr = jws({
      data: JSON.stringify({
        SellerGstin: invoice.SellerDtls.Gstin,
        BuyerGstin: invoice.BuyerDtls.Gstin,
        DocNo: invoice.DocDtls.No,
        DocTyp: invoice.DocDtls.Typ,
        DocDt: invoice.DocDtls.Dt,
        TotInvVal: invoice.ValDtls.TotInvVal,
        ItemCnt: invoice.ItemList.length,
        MainHsnCode: invoice.ItemList[0].HsnCd,
        Irn: irn,
        IrnDt: ack.AckDt,
      }),
      iss: 'floor',
    });
    return {
      ok: true,
      reply: JSON.stringify({
        ...ack,
        SignedInvoice: signedInvoice,
        SignedQRCode: signedQr,
        Status: 'ACT',
        EwbNo: null,
        EwbDt: null,
        EwbValidTill: null,
        Remarks: null,
      }),
    };
  };
}
