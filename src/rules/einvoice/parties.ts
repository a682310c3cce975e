/**
 * Rules on the parties: GSTINs, their states, state codes and PIN codes.
 * @module
 */

import { error, pointer, type Issue } from '../../issue.js';
import { parseGstin, pinMatchesState, state } from '../../masters/index.js';
import { text } from '../../compute/payload.js';
import { gstinText, isUrp, party, registeredRecipientTypes, stateField, type Doc, einvoiceReader } from './reader.js';
import { defineRule } from '../define.js';
import { irp, irpWithoutCode, NIC_SCHEMA } from './evidence.js';

/** The parsed GSTIN of a party, when it parses. */
function parsed(value: unknown): { stateCode: string; kind: string; checkCharValid: boolean } | undefined {
  const gstin = gstinText(value);
  if (gstin === undefined || gstin === 'URP') return undefined;
  const outcome = parseGstin(gstin);
  return outcome.ok ? outcome.value : undefined;
}

function gstinValidity(block: 'SellerDtls' | 'BuyerDtls', doc: Doc): Issue[] {
  const raw = party(doc, block)['Gstin'];
  const gstin = gstinText(raw);
  if (gstin === undefined || gstin === 'URP') return [];
  const outcome = parseGstin(gstin);
  const path = pointer(block, 'Gstin');
  if (!outcome.ok) return [error('SVC-152', `${block}.Gstin ${gstin} is not a valid GSTIN`, path)];
  if (!outcome.value.checkCharValid) {
    return [error('SVC-152', `${block}.Gstin ${gstin} has a wrong check character`, path)];
  }
  return [];
}

export const sellerGstinValid = defineRule(einvoiceReader, {
  id: 'EINV-SELLER-GSTIN',
  code: 'SVC-152',
  certainty: 'certain',
  evidence: irpWithoutCode(`${NIC_SCHEMA}: Gstin pattern and check character`),
  description: 'SellerDtls.Gstin must be a well-formed GSTIN with a correct check character.',
  check: (doc) => gstinValidity('SellerDtls', doc),
});

export const buyerGstinValid = defineRule(einvoiceReader, {
  id: 'EINV-BUYER-GSTIN',
  code: 'SVC-152',
  certainty: 'certain',
  evidence: irpWithoutCode(`${NIC_SCHEMA}: Gstin pattern and check character`),
  description: 'BuyerDtls.Gstin, unless URP, must be a well-formed GSTIN with a correct check character.',
  check: (doc) => gstinValidity('BuyerDtls', doc),
});

export const sellerNotUrp = defineRule(einvoiceReader, {
  id: 'EINV-SELLER-URP',
  code: '2213',
  certainty: 'certain',
  evidence: irp('2213'),
  description: 'The supplier must be registered: SellerDtls.Gstin cannot be URP.',
  check: (doc) =>
    isUrp(party(doc, 'SellerDtls')['Gstin'])
      ? [error('2213', 'SellerDtls.Gstin cannot be URP: the supplier must be registered', pointer('SellerDtls', 'Gstin'))]
      : [],
});

export const partiesDiffer = defineRule(einvoiceReader, {
  id: 'EINV-GSTIN-SAME',
  code: '2211',
  certainty: 'certain',
  evidence: irp('2211'),
  description: 'Supplier and recipient GSTINs must differ.',
  check: (doc) => {
    const seller = gstinText(party(doc, 'SellerDtls')['Gstin']);
    const buyer = gstinText(party(doc, 'BuyerDtls')['Gstin']);
    return seller !== undefined && seller !== 'URP' && seller === buyer
      ? [error('2211', `BuyerDtls.Gstin is the same as SellerDtls.Gstin (${seller})`, pointer('BuyerDtls', 'Gstin'))]
      : [];
  },
});

export const buyerGstinRequired = defineRule(einvoiceReader, {
  id: 'EINV-BUYER-GSTIN-REQUIRED',
  code: '2214',
  certainty: 'likely',
  evidence: irp('2214'),
  description: 'B2B, SEZ and deemed-export supplies need BuyerDtls.Gstin.',
  check: (doc, _c, s) =>
    registeredRecipientTypes.has(s.type) && gstinText(party(doc, 'BuyerDtls')['Gstin']) === undefined
      ? [error('2214', `BuyerDtls.Gstin is required for a ${s.type} supply`, pointer('BuyerDtls', 'Gstin'))]
      : [],
});

export const b2bNotUrp = defineRule(einvoiceReader, {
  id: 'EINV-B2B-URP',
  code: '2212',
  certainty: 'certain',
  evidence: irp('2212'),
  description: 'A B2B or SEZ supply needs a registered recipient: BuyerDtls.Gstin cannot be URP.',
  check: (doc, _c, s) =>
    (s.type === 'B2B' || s.sez) && isUrp(party(doc, 'BuyerDtls')['Gstin'])
      ? [error('2212', `BuyerDtls.Gstin cannot be URP for a ${s.type} supply`, pointer('BuyerDtls', 'Gstin'))]
      : [],
});

export const deemedExportNotUrp = defineRule(einvoiceReader, {
  id: 'EINV-DEXP-URP',
  code: '2171',
  certainty: 'certain',
  evidence: irp('2171'),
  description: 'A deemed export (DEXP) needs a registered recipient: BuyerDtls.Gstin cannot be URP.',
  check: (doc, _c, s) =>
    s.type === 'DEXP' && isUrp(party(doc, 'BuyerDtls')['Gstin'])
      ? [error('2171', 'BuyerDtls.Gstin cannot be URP for a deemed export (DEXP)', pointer('BuyerDtls', 'Gstin'))]
      : [],
});

export const sellerStateMatchesGstin = defineRule(einvoiceReader, {
  id: 'EINV-SELLER-STATE',
  code: '2258',
  certainty: 'certain',
  evidence: irp('2258'),
  description: 'SellerDtls.Stcd must equal the state code in the first two characters of SellerDtls.Gstin.',
  check: (doc) => {
    const seller = party(doc, 'SellerDtls');
    const g = parsed(seller['Gstin']);
    const stcd = stateField(seller['Stcd']);
    return g && stcd !== undefined && g.stateCode !== stcd
      ? [error('2258', `SellerDtls.Stcd ${stcd} does not match the state ${g.stateCode} of SellerDtls.Gstin`, pointer('SellerDtls', 'Stcd'))]
      : [];
  },
});

export const buyerStateMatchesGstin = defineRule(einvoiceReader, {
  id: 'EINV-BUYER-STATE',
  code: '2265',
  certainty: 'certain',
  evidence: irp('2265'),
  description: 'BuyerDtls.Stcd must equal the state code of BuyerDtls.Gstin (exports and URP recipients are exempt).',
  check: (doc, _c, s) => {
    if (s.export) return [];
    const buyer = party(doc, 'BuyerDtls');
    const g = parsed(buyer['Gstin']);
    const stcd = stateField(buyer['Stcd']);
    return g && stcd !== undefined && g.stateCode !== stcd
      ? [error('2265', `BuyerDtls.Stcd ${stcd} does not match the state ${g.stateCode} of BuyerDtls.Gstin`, pointer('BuyerDtls', 'Stcd'))]
      : [];
  },
});

export const sellerStateCode = defineRule(einvoiceReader, {
  id: 'EINV-SELLER-STCD',
  code: '2259',
  certainty: 'certain',
  evidence: irp('2259'),
  description: 'SellerDtls.Stcd must be an Indian state or union territory code.',
  check: (doc) => {
    const stcd = stateField(party(doc, 'SellerDtls')['Stcd']);
    return stcd !== undefined && (state(stcd) === undefined || stcd === '96')
      ? [error('2259', `SellerDtls.Stcd ${stcd} is not an Indian state code`, pointer('SellerDtls', 'Stcd'))]
      : [];
  },
});

export const buyerStateCode = defineRule(einvoiceReader, {
  id: 'EINV-BUYER-STCD',
  code: '2260',
  certainty: 'certain',
  evidence: irp('2260'),
  description: 'BuyerDtls.Stcd must be a state code from the master (96 for other countries).',
  check: (doc) => {
    const stcd = stateField(party(doc, 'BuyerDtls')['Stcd']);
    return stcd !== undefined && state(stcd) === undefined
      ? [error('2260', `BuyerDtls.Stcd ${stcd} is not a known state code`, pointer('BuyerDtls', 'Stcd'))]
      : [];
  },
});

export const shipDispatchStateCode = defineRule(einvoiceReader, {
  id: 'EINV-SHIP-DISP-STCD',
  code: '2200',
  certainty: 'certain',
  evidence: irp('2200'),
  description: 'DispDtls.Stcd and ShipDtls.Stcd must be state codes from the master.',
  check: (doc) =>
    (['DispDtls', 'ShipDtls'] as const).flatMap((block) => {
      const stcd = stateField(party(doc, block)['Stcd']);
      return stcd !== undefined && state(stcd) === undefined ? [error('2200', `${block}.Stcd ${stcd} is not a known state code`, pointer(block, 'Stcd'))] : [];
    }),
});

export const pinMatchesPartyState = defineRule(einvoiceReader, {
  id: 'EINV-PIN-STATE',
  code: '2178',
  certainty: 'certain',
  evidence: irp('2178'),
  description: "Each party's Pin must belong to its Stcd (checked on seller, buyer, dispatch and ship-to; foreign addresses exempt).",
  check: (doc) =>
    (['SellerDtls', 'BuyerDtls', 'DispDtls', 'ShipDtls'] as const).flatMap((block) => {
      const p = party(doc, block);
      const pin = text(p['Pin']);
      const stcd = stateField(p['Stcd']);
      if (pin === undefined || stcd === undefined || stcd === '96' || stcd === '97' || pin === '999999') return [];
      if (!/^[1-9]\d{5}$/.test(pin)) return [];
      return pinMatchesState(pin, stcd) === false
        ? [error('2178', `${block}.Pin ${pin} does not belong to state ${stcd} (${block}.Stcd)`, pointer(block, 'Pin'))]
        : [];
    }),
});

export const ecommerceGstinIsTcs = defineRule(einvoiceReader, {
  id: 'EINV-ECM-GSTIN',
  code: '2195',
  certainty: 'likely',
  evidence: irp('2195'),
  description: "TranDtls.EcmGstin, when given, must be the e-commerce operator's TCS registration.",
  check: (doc) => {
    const raw = party(doc, 'TranDtls')['EcmGstin'];
    const gstin = gstinText(raw);
    if (gstin === undefined) return [];
    const outcome = parseGstin(gstin);
    return outcome.ok && outcome.value.kind !== 'tcs'
      ? [error('2195', `TranDtls.EcmGstin ${gstin} is not a TCS (e-commerce operator) registration`, pointer('TranDtls', 'EcmGstin'))]
      : [];
  },
});

export const partyRules = [
  sellerGstinValid,
  buyerGstinValid,
  sellerNotUrp,
  partiesDiffer,
  buyerGstinRequired,
  b2bNotUrp,
  deemedExportNotUrp,
  sellerStateMatchesGstin,
  buyerStateMatchesGstin,
  sellerStateCode,
  buyerStateCode,
  shipDispatchStateCode,
  pinMatchesPartyState,
  ecommerceGstinIsTcs,
];
