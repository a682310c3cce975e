/**
 * E-way bills for stock transfers (goods moved between places of one GSTIN, or branches of one PAN)
 * generated with Part-A only. What the portal does, from NIC's error list and the research notes
 * (nic.md, "Validity"; shared/reference/ewb-error-codes.csv): an e-way bill without Part-B (no transMode,
 * vehicleNo or transDocNo) is a Part-A slip, which the portal generates only with a transporterId (619);
 * Part-B is added later by whoever the transporterId names. A consignor moving its own goods names its
 * own GSTIN. transDistance stays required (0 lets the portal compute it, except between equal PINs).
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { changed, ewbBase, SUPPLIER, withCheckChar } from './ewaybill-fixtures.js';

type Doc = Record<string, any>;

/** The supplier's branch in Maharashtra: the same PAN, another GSTIN. */
const BRANCH_MH = withCheckChar('27AAACB1234C1Z');

/** Goods sent from one place of business to another of the same GSTIN, on a delivery challan, Part-A only. */
function stockTransfer(change: (d: Doc) => void = () => {}): Doc {
  return changed(ewbBase(), (d) => {
    d.subSupplyType = '8';
    d.subSupplyDesc = 'Stock transfer';
    d.docType = 'CHL';
    d.toGstin = SUPPLIER;
    d.cgstValue = 0;
    d.sgstValue = 0;
    d.totInvValue = 52500;
    for (const item of d.itemList) {
      item.cgstRate = 0;
      item.sgstRate = 0;
    }
    delete d.transMode;
    delete d.vehicleNo;
    delete d.vehicleType;
    d.transporterId = SUPPLIER;
    change(d);
  });
}

function codes(doc: Doc): { errors: string[]; warnings: string[] } {
  const r = validate('ewb', doc, { today: '15/06/2024' });
  return { errors: r.errors.map((i) => i.code), warnings: r.warnings.map((i) => i.code) };
}

describe('stock transfers with Part-A only, as the e-way bill portal takes them', () => {
  it('accepts a Part-A slip whose transporterId is the consignor itself, Part-B to follow', () => {
    expect(codes(stockTransfer())).toEqual({ errors: [], warnings: [] });
  });

  it('accepts it for own use (5) and with the distance left to the portal (0)', () => {
    expect(codes(stockTransfer((d) => ((d.subSupplyType = '5'), delete d.subSupplyDesc))).errors).toEqual([]);
    expect(codes(stockTransfer((d) => (d.transDistance = 0))).errors).toEqual([]);
  });

  it('accepts a transfer to a branch of the same PAN in another state, carried by a transporter', () => {
    const branch = stockTransfer((d) => {
      d.toGstin = BRANCH_MH;
      d.toStateCode = 27;
      d.actToStateCode = 27;
      d.toPincode = 411004;
      d.toPlace = 'Pune';
      d.transporterId = withCheckChar('29AAGCT1111K1Z');
    });
    expect(codes(branch).errors).toEqual([]);
  });

  it('refuses a Part-A slip without any transporterId, as the portal does (619), saying what to give', () => {
    const r = validate(
      'ewb',
      stockTransfer((d) => delete d.transporterId),
      { today: '15/06/2024' },
    );
    expect(r.errors.map((i) => `${i.code} ${i.path}`)).toEqual(['619 /transporterId']);
    expect(r.errors[0]!.message).toContain('its own GSTIN');
    // Empty strings, as ERPs send for fields they leave blank, are no Part-B either.
    const blanks = stockTransfer((d) => Object.assign(d, { transMode: '', vehicleNo: '', transDocNo: '', transporterId: '' }));
    expect(codes(blanks).errors).toEqual(['619']);
  });

  it('refuses what the portal refuses whatever the movement: road without a vehicle, equal PINs without a distance', () => {
    expect(codes(stockTransfer((d) => (d.transMode = '1'))).errors).toEqual(['226']);
    expect(codes(stockTransfer((d) => ((d.toPincode = 560001), (d.transDistance = 0)))).errors).toEqual(['221']);
    expect(codes(stockTransfer((d) => ((d.toPincode = 560001), (d.transDistance = 8)))).errors).toEqual([]);
  });
});
