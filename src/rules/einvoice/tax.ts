/**
 * Rules on the tax heads of each line: which heads an intra-state, inter-state, export or SEZ supply
 * may carry, CGST equal to SGST, and the allowed GST rates.
 * @module
 */

import { error, pointer } from '../../issue.js';
import { rateAllowedOn } from '../../masters/index.js';
import { parseDate } from '../../compute/dates.js';
import { dec } from '../../compute/decimal.js';
import { text } from '../../compute/payload.js';
import { amount, lineIssues, nonZero, party, plainInterState, type Doc, einvoiceReader } from './reader.js';
import { defineRule } from '../define.js';
import { irp } from './evidence.js';

const stateHeads = (item: Doc): boolean => nonZero(item['CgstAmt']) || nonZero(item['SgstAmt']);

export const noIgstIntraState = defineRule(einvoiceReader, {
  id: 'EINV-TAX-INTRA',
  code: '2172',
  certainty: 'certain',
  evidence: irp('2172'),
  description: 'An intra-state line (SellerDtls.Stcd = BuyerDtls.Pos, IgstOnIntra not Y) cannot carry IGST.',
  check: (doc, _c, s) =>
    s.interState
      ? []
      : lineIssues(doc, (item, index) =>
          nonZero(item['IgstAmt'])
            ? error('2172', `ItemList[${index}].IgstAmt must be 0 on an intra-state supply; charge CGST and SGST`, pointer('ItemList', index, 'IgstAmt'))
            : undefined,
        ),
});

export const intraStateNeedsCgstSgst = defineRule(einvoiceReader, {
  id: 'EINV-TAX-INTRA-HEADS',
  code: '2241',
  certainty: 'likely',
  evidence: irp('2241'),
  description: 'An intra-state line with a non-zero GstRt and taxable value must carry CGST and SGST.',
  check: (doc, _c, s) =>
    s.interState
      ? []
      : lineIssues(doc, (item, index) =>
          nonZero(item['GstRt']) && nonZero(item['AssAmt']) && !stateHeads(item) && !nonZero(item['IgstAmt'])
            ? error('2241', `ItemList[${index}] is intra-state with GstRt above 0 but has no CgstAmt and SgstAmt`, pointer('ItemList', index, 'CgstAmt'))
            : undefined,
        ),
});

export const noCgstSgstInterState = defineRule(einvoiceReader, {
  id: 'EINV-TAX-INTER',
  code: '2174',
  certainty: 'certain',
  evidence: irp('2174'),
  description: 'An inter-state line (or one with IgstOnIntra = Y) cannot carry CGST or SGST; IGST applies.',
  check: (doc, _c, s) =>
    plainInterState(s)
      ? lineIssues(doc, (item, index) =>
          stateHeads(item)
            ? error('2174', `ItemList[${index}] is inter-state, so CgstAmt and SgstAmt must be 0; charge IGST`, pointer('ItemList', index, 'CgstAmt'))
            : undefined,
        )
      : [],
});

export const noCgstSgstExport = defineRule(einvoiceReader, {
  id: 'EINV-EXP-CGST',
  code: '2180',
  certainty: 'certain',
  evidence: irp('2180'),
  description: 'An export line cannot carry CGST or SGST.',
  check: (doc, _c, s) =>
    s.export
      ? lineIssues(doc, (item, index) =>
          stateHeads(item)
            ? error('2180', `ItemList[${index}] is an export, so CgstAmt and SgstAmt must be 0`, pointer('ItemList', index, 'CgstAmt'))
            : undefined,
        )
      : [],
});

export const noCgstSgstSez = defineRule(einvoiceReader, {
  id: 'EINV-SEZ-CGST',
  code: '2237',
  certainty: 'certain',
  evidence: irp('2237'),
  description: 'A supply to an SEZ (SEZWP, SEZWOP) cannot carry CGST or SGST.',
  check: (doc, _c, s) =>
    s.sez
      ? lineIssues(doc, (item, index) =>
          stateHeads(item)
            ? error('2237', `ItemList[${index}] is a supply to an SEZ, so CgstAmt and SgstAmt must be 0`, pointer('ItemList', index, 'CgstAmt'))
            : undefined,
        )
      : [],
});

export const cgstEqualsSgst = defineRule(einvoiceReader, {
  id: 'EINV-TAX-CGST-SGST',
  code: '2227',
  certainty: 'certain',
  evidence: irp('2227'),
  description: 'CgstAmt and SgstAmt of a line must be equal.',
  check: (doc) =>
    lineIssues(doc, (item, index) => {
      // Two numbers (or one and nothing) are equal as decimals exactly when they are equal as numbers.
      const rawC = item['CgstAmt'];
      const rawS = item['SgstAmt'];
      if ((typeof rawC === 'number' || rawC === undefined) && (typeof rawS === 'number' || rawS === undefined)) {
        const c = rawC !== undefined && Number.isFinite(rawC) ? rawC : undefined;
        const g = rawS !== undefined && Number.isFinite(rawS) ? rawS : undefined;
        if (c === undefined && g === undefined) return undefined;
        if ((c ?? 0) === (g ?? 0)) return undefined;
      }
      const cgst = amount(item['CgstAmt']);
      const sgst = amount(item['SgstAmt']);
      if (cgst === undefined && sgst === undefined) return undefined;
      const c = cgst ?? dec(0);
      const g = sgst ?? dec(0);
      return c.eq(g)
        ? undefined
        : error('2227', `ItemList[${index}].SgstAmt ${g.toFixed(2)} differs from CgstAmt ${c.toFixed(2)}`, pointer('ItemList', index, 'SgstAmt'));
    }),
});

export const gstRateAllowed = defineRule(einvoiceReader, {
  id: 'EINV-RATE',
  code: '2240',
  certainty: 'likely',
  evidence: irp('2240'),
  description: 'GstRt must be a rate the IRP rate master allows on the document date.',
  check: (doc, context) => {
    const docDate = text(party(doc, 'DocDtls')['Dt']);
    const date = docDate !== undefined && parseDate(docDate) ? docDate : context.today;
    if (!parseDate(date)) return [];
    return lineIssues(doc, (item, index) => {
      const raw = item['GstRt'];
      if (typeof raw === 'number' && Number.isFinite(raw) && rateAllowedOn(raw, date)) return undefined;
      const rt = amount(raw);
      return rt !== undefined && !rateAllowedOn(rt.toNumber(), date)
        ? error('2240', `ItemList[${index}].GstRt ${rt.toString()} is not an allowed GST rate on ${date}`, pointer('ItemList', index, 'GstRt'))
        : undefined;
    });
  },
});

export const taxRules = [noIgstIntraState, intraStateNeedsCgstSgst, noCgstSgstInterState, noCgstSgstExport, noCgstSgstSez, cgstEqualsSgst, gstRateAllowed];
