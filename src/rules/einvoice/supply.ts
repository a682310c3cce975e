/**
 * Rules on the supply type and the place of supply: B2C refusal, exports, SEZ, reverse charge,
 * IGST on intra-state supplies and the ship-to state.
 * @module
 */

import { error, pointer } from '../../issue.js';
import { state } from '../../masters/index.js';
import { text } from '../../compute/payload.js';
import { isUrp, party, stateField, einvoiceReader } from './reader.js';
import { defineRule } from '../define.js';
import { irp, irpWithoutCode, NIC_SCHEMA } from './evidence.js';

export const noIrnForB2c = defineRule(einvoiceReader, {
  id: 'EINV-SUPPLY-B2C',
  code: 'SVC-303',
  certainty: 'certain',
  evidence: irpWithoutCode(`${NIC_SCHEMA}: SupTyp has no B2C`),
  description: 'The IRP generates no IRN for B2C supplies (use a payment QR instead).',
  check: (_doc, _c, s) =>
    s.type === 'B2C'
      ? [error('SVC-303', 'TranDtls.SupTyp B2C cannot be reported for an IRN; B2C invoices carry a payment QR instead', pointer('TranDtls', 'SupTyp'))]
      : [],
});

export const placeOfSupplyValid = defineRule(einvoiceReader, {
  id: 'EINV-POS-VALID',
  code: '2243',
  certainty: 'certain',
  evidence: irp('2243'),
  description: 'BuyerDtls.Pos must be a state code from the master.',
  check: (doc) => {
    const pos = stateField(party(doc, 'BuyerDtls')['Pos']);
    return pos !== undefined && state(pos) === undefined ? [error('2243', `BuyerDtls.Pos ${pos} is not a valid state code`, pointer('BuyerDtls', 'Pos'))] : [];
  },
});

export const domesticPlaceOfSupply = defineRule(einvoiceReader, {
  id: 'EINV-POS-DOMESTIC',
  code: '2242',
  certainty: 'certain',
  evidence: irp('2242'),
  description: 'BuyerDtls.Pos cannot be 96 (other countries) unless the supply is an export.',
  check: (doc, _c, s) =>
    !s.export && stateField(party(doc, 'BuyerDtls')['Pos']) === '96'
      ? [error('2242', `BuyerDtls.Pos cannot be 96 (other countries) for a ${s.type || 'domestic'} supply`, pointer('BuyerDtls', 'Pos'))]
      : [],
});

export const exportPlaceOfSupply = defineRule(einvoiceReader, {
  id: 'EINV-EXP-POS',
  code: '2232',
  certainty: 'certain',
  evidence: irp('2232'),
  description: 'For exports BuyerDtls.Pos must be 96 (other countries); the IRP also reports this condition as 2229.',
  check: (doc, _c, s) => {
    const pos = stateField(party(doc, 'BuyerDtls')['Pos']);
    return s.export && pos !== undefined && pos !== '96'
      ? [error('2232', `BuyerDtls.Pos must be 96 (other countries) for an export, not ${pos}`, pointer('BuyerDtls', 'Pos'))]
      : [];
  },
});

export const exportBuyerState = defineRule(einvoiceReader, {
  id: 'EINV-EXP-BUYER-STCD',
  code: '2261',
  certainty: 'certain',
  evidence: irp('2261'),
  description: 'For exports BuyerDtls.Stcd must be 96 (other countries).',
  check: (doc, _c, s) => {
    const stcd = stateField(party(doc, 'BuyerDtls')['Stcd']);
    return s.export && stcd !== undefined && stcd !== '96'
      ? [error('2261', `BuyerDtls.Stcd must be 96 (other countries) for an export, not ${stcd}`, pointer('BuyerDtls', 'Stcd'))]
      : [];
  },
});

export const exportRecipientUrp = defineRule(einvoiceReader, {
  id: 'EINV-EXP-URP',
  code: '2248',
  certainty: 'certain',
  evidence: irp('2248'),
  description: 'For exports BuyerDtls.Gstin must be URP.',
  check: (doc, _c, s) =>
    s.export && !isUrp(party(doc, 'BuyerDtls')['Gstin']) ? [error('2248', 'BuyerDtls.Gstin must be URP for an export', pointer('BuyerDtls', 'Gstin'))] : [],
});

export const exportPin = defineRule(einvoiceReader, {
  id: 'EINV-EXP-PIN',
  code: 'SVC-304',
  certainty: 'likely',
  evidence: 'own',
  description: 'For exports BuyerDtls.Pin should be 999999 (foreign address); no portal code is known for this check.',
  check: (doc, _c, s) => {
    const pin = text(party(doc, 'BuyerDtls')['Pin']);
    return s.export && pin !== undefined && pin !== '' && pin !== '999999'
      ? [error('SVC-304', `BuyerDtls.Pin must be 999999 for an export, not ${pin}`, pointer('BuyerDtls', 'Pin'))]
      : [];
  },
});

export const exportDetailsRequired = defineRule(einvoiceReader, {
  id: 'EINV-EXP-DETAILS',
  code: '2208',
  certainty: 'certain',
  evidence: irp('2208'),
  description: 'Exports (EXPWP, EXPWOP) need ExpDtls.',
  check: (doc, _c, s) => {
    const exp = doc['ExpDtls'];
    const present = typeof exp === 'object' && exp !== null && !Array.isArray(exp);
    return s.export && !present ? [error('2208', `ExpDtls is required for an export (${s.type})`, pointer('ExpDtls'))] : [];
  },
});

export const exportShipToPort = defineRule(einvoiceReader, {
  id: 'EINV-EXP-SHIP',
  code: '2236',
  certainty: 'uncertain',
  evidence: irp('2236'),
  description: 'For exports ShipDtls must be the Indian port or place of export; judged here only as ShipDtls.Stcd not being 96 (the IRP may check more).',
  check: (doc, _c, s) =>
    s.export && stateField(party(doc, 'ShipDtls')['Stcd']) === '96'
      ? [error('2236', 'ShipDtls of an export must be the port or place of export in India, so ShipDtls.Stcd cannot be 96', pointer('ShipDtls', 'Stcd'))]
      : [],
});

export const exportNotIntraState = defineRule(einvoiceReader, {
  id: 'EINV-EXP-INTRA',
  code: '2181',
  certainty: 'certain',
  evidence: irp('2181'),
  description: 'An export cannot be an intra-state supply: BuyerDtls.Pos cannot equal SellerDtls.Stcd.',
  check: (doc, _c, s) => {
    const seller = stateField(party(doc, 'SellerDtls')['Stcd']);
    const pos = stateField(party(doc, 'BuyerDtls')['Pos']);
    return s.export && seller !== undefined && seller === pos
      ? [error('2181', `An export cannot be intra-state: BuyerDtls.Pos ${pos} equals SellerDtls.Stcd`, pointer('BuyerDtls', 'Pos'))]
      : [];
  },
});

export const igstOnIntraNeedsSameState = defineRule(einvoiceReader, {
  id: 'EINV-IGST-ON-INTRA',
  code: '2262',
  certainty: 'certain',
  evidence: irp('2262'),
  description: 'TranDtls.IgstOnIntra = Y is only for intra-state supplies: SellerDtls.Stcd must equal BuyerDtls.Pos.',
  check: (doc, _c, s) => {
    const seller = stateField(party(doc, 'SellerDtls')['Stcd']);
    const pos = stateField(party(doc, 'BuyerDtls')['Pos']);
    return s.igstOnIntra && seller !== undefined && pos !== undefined && seller !== pos
      ? [error('2262', `TranDtls.IgstOnIntra is Y but SellerDtls.Stcd ${seller} differs from BuyerDtls.Pos ${pos}`, pointer('TranDtls', 'IgstOnIntra'))]
      : [];
  },
});

export const reverseChargeSupplyTypes = defineRule(einvoiceReader, {
  id: 'EINV-REVERSE-CHARGE',
  code: '2162',
  certainty: 'certain',
  evidence: irp('2162'),
  description: 'TranDtls.RegRev = Y (reverse charge) is allowed only for B2B, SEZWP and SEZWOP supplies.',
  check: (doc, _c, s) => {
    const rev = (text(party(doc, 'TranDtls')['RegRev']) ?? '').toUpperCase();
    return rev === 'Y' && s.type !== '' && s.type !== 'B2B' && !s.sez
      ? [error('2162', `TranDtls.RegRev Y (reverse charge) is not allowed for a ${s.type} supply`, pointer('TranDtls', 'RegRev'))]
      : [];
  },
});

/*
 * No rule for IRP 2245. Its published text ("ship-to state must equal POS for B2B") cannot be what the
 * IRP enforces: the IRP sandbox registered a B2B invoice whose ShipDtls.Stcd differed from BuyerDtls.Pos,
 * and bill-to/ship-to supplies legitimately have a place of supply (the buyer's state, IGST Act s.10(1)(b))
 * other than the ship-to state. What 2245 really covers is not known, so gstkit does not check it
 * (docs/rules.md, "Codes not checked").
 */

export const supplyRules = [
  noIrnForB2c,
  placeOfSupplyValid,
  domesticPlaceOfSupply,
  exportPlaceOfSupply,
  exportBuyerState,
  exportRecipientUrp,
  exportPin,
  exportDetailsRequired,
  exportShipToPort,
  exportNotIntraState,
  igstOnIntraNeedsSameState,
  reverseChargeSupplyTypes,
];
