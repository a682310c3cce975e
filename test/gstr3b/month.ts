/**
 * A month of a seller's books made through the sandbox: e-invoices registered with the sandbox IRP (one
 * cancelled), a sales register of what is not e-invoiced, the sandbox portal's GSTR-2B for the month and the
 * month before, IMS actions, and a purchase register that books all but two of the 2B's invoices.
 */
import { createSandbox } from '../../src/sandbox/index.js';
import { readGstr2b } from '../../src/gstr/read-2b.js';
import type { InwardReturn } from '../../src/gstr/types.js';
import type { PurchaseRow } from '../../src/reconcile/types.js';
import type { Gstr3bImsAction, SalesRegisterRow } from '../../src/gstr3b/types.js';
import { irn, type DocFacts } from '../gstr1/helpers.js';

export const SELLER = '29AAGCK4821M1Z4';
export const PERIOD = '2026-10';
export const FP = '102026';
export const UIN = '0717UNO00157UNO';
export const COMPOSITION = '33AAJFN2954R1ZN';
const REGULAR_KA = '29AADCN7314Q1ZU';
const REGULAR_TN = '33AAEFV6613B1ZL';
const SEZ_UNIT = '27AAHCK7310P1Z3';

export interface Month {
  /** The sales as the IRP keeps them: `{invoice, cancelled}`. */
  sales: Array<{ invoice: Record<string, unknown>; cancelled: boolean }>;
  register: SalesRegisterRow[];
  gstr2bJson: any;
  earlierJson: any;
  gstr2b: InwardReturn;
  earlier: InwardReturn;
  ims: Gstr3bImsAction[];
  purchases: PurchaseRow[];
  /** The two 2B invoices the books lack. */
  unbooked: string[];
}

/** Day `d` of the month, DD/MM/YYYY. */
const day = (d: number): string => `${String(d).padStart(2, '0')}/10/2026`;

/** The facts of the i-th e-invoice of the month: a mix of every kind of outward supply. */
function facts(i: number): DocFacts {
  const no = `KC/26-27/${String(1000 + i)}`;
  const date = day(1 + (i % 31));
  const rate = [5, 12, 18, 28][i % 4] as number;
  const taxable = 1000 + ((i * 7919) % 250_000) / 10;
  switch (i % 10) {
    case 0:
      return { no, date, buyer: REGULAR_TN, lines: [{ rate, taxable }] };
    case 1:
      return { no, date, buyer: UIN, pos: '07', lines: [{ rate: 18, taxable }] };
    case 2:
      return { no, date, buyer: SEZ_UNIT, supTyp: 'SEZWP', lines: [{ rate: 18, taxable }] };
    case 3:
      return { no, date, supTyp: 'EXPWOP', pos: '96', lines: [{ rate: 18, taxable }], ship: { ShipBNo: `S${i}`, ShipBDt: date, Port: 'INBLR4' } };
    case 4:
      return { no: `CN/26-27/${i}`, type: 'CRN', date, buyer: REGULAR_KA, lines: [{ rate: 18, taxable: taxable / 10 }] };
    case 5:
      return {
        no,
        date,
        buyer: REGULAR_KA,
        lines: [
          { rate, taxable },
          { rate: 0, taxable: 500 + i },
        ],
      };
    case 6:
      return { no, date, buyer: REGULAR_KA, reverse: 'Y', lines: [{ rate: 5, taxable }] };
    case 7:
      return { no, date, buyer: COMPOSITION, lines: [{ rate: 12, taxable }] };
    default:
      return { no, date, buyer: REGULAR_KA, lines: [{ rate, taxable, cess: rate === 28 ? 120 : 0 }] };
  }
}

/** The sales register: B2C within and across states, exempt, nil-rated, non-GST, zero-rated, and a credit note. */
function register(): SalesRegisterRow[] {
  const rows: SalesRegisterRow[] = [];
  for (let d = 1; d <= 31; d++) {
    const taxable = 200 + d * 13.37;
    rows.push({ docNo: `B2C/${d}`, docDate: day(d), nature: 'taxable', taxable, cgst: +(taxable * 0.09).toFixed(2), sgst: +(taxable * 0.09).toFixed(2) });
    if (d % 3 === 0)
      rows.push({ docNo: `B2CX/${d}`, docDate: day(d), nature: 'taxable', pos: d % 2 ? '27' : '07', taxable, igst: +(taxable * 0.18).toFixed(2) });
    if (d % 7 === 0) rows.push({ docNo: `EX/${d}`, docDate: day(d), nature: d % 2 ? 'exempt' : 'nil', taxable: 999.99 + d });
    if (d % 10 === 0) rows.push({ docNo: `NG/${d}`, docDate: day(d), nature: 'non-gst', taxable: 5000 + d });
  }
  rows.push({ docNo: 'B2CX-CN/1', docType: 'CRN', docDate: day(28), nature: 'taxable', pos: '27', taxable: 100, igst: 18 });
  rows.push({ docNo: 'ECO/1', docDate: day(12), nature: 'eco-supplier', taxable: 4321.5 });
  rows.push({ docNo: 'LUT/1', docDate: day(15), nature: 'zero-rated', buyerType: 'unregistered', pos: '96', taxable: 75000 });
  return rows;
}

function documentsOf2b(json: any): Array<{ section: string; ctin: string; doc: any }> {
  const out: Array<{ section: string; ctin: string; doc: any }> = [];
  for (const [section, list] of Object.entries(json.data.docdata ?? {}) as Array<[string, any[]]>) {
    for (const g of list) {
      const docs = g.inv ?? g.nt ?? g.doclist ?? g.boe ?? [g];
      for (const doc of docs) out.push({ section, ctin: g.ctin ?? '', doc });
    }
  }
  return out;
}

/** Makes the month (about 120 e-invoices through the sandbox IRP). */
export async function makeMonth(count = 120): Promise<Month> {
  const sandbox = createSandbox({
    companies: { acme: [SELLER] },
    clock: { now: () => new Date('2026-11-05T11:00:00+05:30') },
    seed: 3,
    syntheticDocumentsPerPeriod: 120,
  });
  const company = sandbox.companies.get('acme')!;
  let cancel = '';
  for (let i = 0; i < count; i++) {
    const r = await sandbox.providers.irp.generateIrn({ company }, irn(facts(i)) as never);
    if (!r.ok) throw new Error(`${facts(i).no}: ${JSON.stringify(r.errors)}`);
    if (i === 8) cancel = r.value.Irn;
  }
  const cancelled = await sandbox.providers.irp.cancelIrn({ company }, SELLER, { Irn: cancel, CnlRsn: '2', CnlRem: 'wrong entry' } as never);
  if (!cancelled.ok) throw new Error(JSON.stringify(cancelled.errors));
  const sales = await sandbox.providers.issuedInvoices('acme', SELLER, PERIOD);
  const pull = async (p: string): Promise<any> => {
    const r = await sandbox.providers.gstPortal.fetchReturn(SELLER, 'gstr2b', p);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.value;
  };
  const gstr2bJson = await pull(PERIOD);
  const earlierJson = await pull('2026-09');
  const read = (json: any, p: string): InwardReturn => {
    const r = readGstr2b(json, { gstin: SELLER, period: p });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.value;
  };
  // IMS: the first two B2B invoices kept pending and rejected.
  const b2b = documentsOf2b(gstr2bJson).filter((d) => d.section === 'b2b' && d.doc.rev === 'N' && d.doc.itcavl === 'Y');
  const ims: Gstr3bImsAction[] = [
    { supplierGstin: b2b[0]!.ctin, number: b2b[0]!.doc.inum, action: 'pending' },
    { supplierGstin: b2b[1]!.ctin, number: b2b[1]!.doc.inum, action: 'reject' },
  ];
  // Books: every document of the 2B statement as the supplier filed it, but the last two B2B invoices; the
  // third B2B invoice is a blocked credit.
  const current = read(gstr2bJson, PERIOD);
  const unbooked = b2b.slice(-2).map((d) => d.doc.inum as string);
  const paise = (x: number): number => Math.round(x * 100);
  const purchases: PurchaseRow[] = current.documents
    .filter((d) => d.part === 'statement' && !(d.section === 'B2B' && unbooked.includes(d.number)))
    .map((d) => {
      const sum = (k: 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess'): number => d.lines.reduce((s, l) => s + paise(l[k]), 0) / 100;
      return {
        supplierGstin: d.supplierGstin ?? '',
        // A bill of entry is booked as one (BOE), which the reconciliation pairs with 2B's IMPG and IMPGSEZ only.
        docType:
          d.section === 'IMPG' || d.section === 'IMPGSEZ'
            ? 'BOE'
            : d.kind === 'Credit Note' || d.kind === 'ISD Credit Note'
              ? 'CRN'
              : d.kind === 'Debit Note'
                ? 'DBN'
                : 'INV',
        docNo: d.number,
        docDate: d.date as Date,
        taxable: sum('taxable'),
        igst: sum('igst'),
        cgst: sum('cgst'),
        sgst: sum('sgst'),
        cess: sum('cess'),
        ...(d.section === 'B2B' && d.number === b2b[2]!.doc.inum ? { extra: { itc_blocked: 'Y' } } : {}),
      } as PurchaseRow;
    });
  const own = (docNo: string, nature: string, supplier: string, taxable: number, heads: Partial<Record<'igst' | 'cgst' | 'sgst', number>>): PurchaseRow => ({
    supplierGstin: supplier,
    docType: 'INV',
    docNo,
    docDate: '14/10/2026',
    taxable,
    igst: heads.igst ?? 0,
    cgst: heads.cgst ?? 0,
    sgst: heads.sgst ?? 0,
    cess: 0,
    extra: { nature },
  });
  purchases.push(
    own('EXM/1', 'exempt', '29AAJCB9052D1ZK', 12000, {}),
    own('EXM/2', 'nil', '27AAHCK7310P1Z3', 3000.5, {}),
    own('CMP/1', 'composition', '29AAGCM4821K1Z6', 800, {}),
    own('NG/1', 'non-gst', 'URP', 45000, {}),
    own('IMPS/1', 'import-of-services', 'URP', 100000, { igst: 18000 }),
    own('RCM/1', 'reverse-charge', 'URP', 20000, { cgst: 500, sgst: 500 }),
  );
  return { sales, register: register(), gstr2bJson, earlierJson, gstr2b: current, earlier: read(earlierJson, '2026-09'), ims, purchases, unbooked };
}

export { documentsOf2b };
