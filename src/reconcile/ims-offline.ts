/**
 * The IMS Offline Tool's upload JSON written from a reconciliation's suggested actions, for a taxpayer
 * without API access (GSTN advisory 658, April 2026: the tool's JSON is uploaded on the IMS dashboard,
 * incrementally, replacing the records it names). GSTN has not published the file's field names; this
 * writer follows the IMS save API (`invdata` by section `b2b`, `cn`, ..., records with `action` A/R/P,
 * `itcRedReq` and `declIgst`...`declCess` on credit notes), which is what the tool's download carries as
 * far as seen. Check an upload against the tool (its Validate step) before relying on it.
 * @module
 */
import { imsDecisionsFromReconciliation, type ImsActionOptions, type ImsDecision, type ImsSkipped } from './ims-save.js';
import type { ReconcileResult, ReconcileRow } from './types.js';

/** One record of the offline JSON: the document as IMS lists it, and the action on it. */
export interface ImsOfflineRecord {
  stin: string;
  inum?: string;
  idt?: string;
  nt_num?: string;
  nt_dt?: string;
  /** `C` credit or `D` debit, on notes. */
  ntty?: 'C' | 'D';
  val?: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  cess: number;
  pos?: string;
  /** The supplier's return period, `MMYYYY`, when the 2B gives it. */
  rtnprd?: string;
  action: 'A' | 'R' | 'P';
  itcRedReq?: 'Y' | 'N';
  declIgst?: number;
  declCgst?: number;
  declSgst?: number;
  declCess?: number;
  remarks?: string;
}

/** The upload: the recipient, the period and the records by IMS section key (`b2b`, `b2ba`, `cn`, ...). */
export interface ImsOfflineJson {
  gstin: string;
  /** The GSTR-2B period acted on, `MMYYYY`. */
  rtnprd: string;
  invdata: Record<string, ImsOfflineRecord[]>;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;
const mmyyyy = (period: string): string => `${period.slice(5, 7)}${period.slice(0, 4)}`;

function recordOf(d: ImsDecision, remarks: string | undefined): ImsOfflineRecord {
  const doc = d.document;
  const t = doc.lines.reduce(
    (s, l) => ({ txval: s.txval + l.taxable, iamt: s.iamt + l.igst, camt: s.camt + l.cgst, samt: s.samt + l.sgst, cess: s.cess + l.cess }),
    { txval: 0, iamt: 0, camt: 0, samt: 0, cess: 0 },
  );
  const note = d.section === 'CN' || d.section === 'CNA' || d.section === 'DN' || d.section === 'DNA';
  const decl = d.declaration;
  return {
    stin: d.supplierGstin,
    ...(note
      ? { nt_num: d.number, ...(d.date ? { nt_dt: d.date } : {}), ntty: d.section.startsWith('D') ? 'D' : 'C' }
      : { inum: d.number, ...(d.date ? { idt: d.date } : {}) }),
    ...(doc.value !== undefined ? { val: round2(doc.value) } : {}),
    txval: round2(t.txval),
    iamt: round2(t.iamt),
    camt: round2(t.camt),
    samt: round2(t.samt),
    cess: round2(t.cess),
    ...(doc.placeOfSupply ? { pos: doc.placeOfSupply } : {}),
    ...(doc.supplierPeriod ? { rtnprd: mmyyyy(doc.supplierPeriod) } : {}),
    action: d.action,
    ...(decl !== undefined ? { itcRedReq: decl.itcRedReq, declIgst: decl.igst, declCgst: decl.cgst, declSgst: decl.sgst, declCess: decl.cess } : {}),
    ...(remarks ? { remarks: remarks.slice(0, 500) } : {}),
  };
}

/**
 * The offline tool's upload JSON for the actions a reconciliation suggests (one recipient, one 2B
 * period), with the rows left out and why. Records keep the 2B's amounts so the tool can find them.
 */
export function imsOfflineJson(result: ReconcileResult, options: ImsActionOptions): { json: ImsOfflineJson; records: number; skipped: ImsSkipped[] } {
  const { decisions, skipped } = imsDecisionsFromReconciliation(result, options);
  const invdata: Record<string, ImsOfflineRecord[]> = {};
  for (const d of decisions) {
    const key = d.section.toLowerCase();
    const list = invdata[key] ?? [];
    list.push(recordOf(d, options.remarks?.(result.rows[d.rowIndex] as ReconcileRow)));
    invdata[key] = list;
  }
  return { json: { gstin: options.gstin, rtnprd: mmyyyy(options.period), invdata }, records: decisions.length, skipped };
}
