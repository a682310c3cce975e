/** IRN request payloads for GSTR-1 tests, built from a few facts so that each case reads plainly. */
export const SELLER = '29AAGCK4821M1Z4';
export const BUYER_KA = '29AADCN7314Q1ZU';
export const BUYER_TN = '33AAEFV6613B1ZL';

export interface Line {
  rate: number;
  taxable: number;
  hsn?: string;
  qty?: number;
  unit?: string;
  service?: boolean;
  cess?: number;
}

export interface DocFacts {
  type?: 'INV' | 'CRN' | 'DBN';
  no: string;
  date: string;
  buyer?: string;
  pos?: string;
  supTyp?: string;
  lines: Line[];
  ecm?: string;
  ship?: { ShipBNo?: string; ShipBDt?: string; Port?: string };
  seller?: string;
  reverse?: 'Y' | 'N';
}

const r2 = (n: number): number => Math.round(n * 100) / 100;

export function irn(f: DocFacts): Record<string, unknown> {
  const pos = f.pos ?? (f.buyer && f.buyer !== 'URP' ? f.buyer.slice(0, 2) : '29');
  const supTyp = f.supTyp ?? 'B2B';
  const inter = pos !== (f.seller ?? SELLER).slice(0, 2) || supTyp.startsWith('EXP') || supTyp.startsWith('SEZ');
  const items = f.lines.map((l, i) => {
    const tax = supTyp === 'EXPWOP' || supTyp === 'SEZWOP' ? 0 : r2((l.taxable * l.rate) / 100);
    return {
      SlNo: String(i + 1),
      PrdDesc: `Item ${i + 1}`,
      IsServc: l.service ? 'Y' : 'N',
      HsnCd: l.hsn ?? (l.service ? '998314' : '84713010'),
      Qty: l.qty ?? 1,
      ...(l.service ? {} : { Unit: l.unit ?? 'NOS' }),
      UnitPrice: l.taxable,
      TotAmt: l.taxable,
      AssAmt: l.taxable,
      GstRt: l.rate,
      IgstAmt: inter ? tax : 0,
      CgstAmt: inter ? 0 : r2(tax / 2),
      SgstAmt: inter ? 0 : r2(tax / 2),
      CesAmt: l.cess ?? 0,
      TotItemVal: r2(l.taxable + tax + (l.cess ?? 0)),
    };
  });
  const total = r2(items.reduce((s, i) => s + i.TotItemVal, 0));
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: supTyp, RegRev: f.reverse ?? 'N', ...(f.ecm ? { EcmGstin: f.ecm } : {}) },
    DocDtls: { Typ: f.type ?? 'INV', No: f.no, Dt: f.date },
    SellerDtls: { Gstin: f.seller ?? SELLER, LglNm: 'Kaveri Components', Addr1: 'Residency Road', Loc: 'Bengaluru', Pin: 560001, Stcd: '29' },
    BuyerDtls: { Gstin: f.buyer ?? 'URP', LglNm: 'Buyer', Pos: pos, Addr1: 'Street', Loc: 'Town', Pin: 600001, Stcd: pos === '96' ? '96' : pos },
    ItemList: items,
    ValDtls: { AssVal: r2(f.lines.reduce((s, l) => s + l.taxable, 0)), TotInvVal: total },
    ...(f.ship ? { ExpDtls: { ...f.ship, CntCode: 'AE' } } : {}),
  };
}
