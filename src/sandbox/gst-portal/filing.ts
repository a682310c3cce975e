/**
 * The sandbox GST portal's IMS inbox and GSTR-1 filing, answering in GSTN's shapes: IMS records by
 * section (from the same documents the period's returns are rendered from) with the recipient's saved
 * actions; GSTR-1 save with its status (`P`, `PE` with the error report per document, `ER`), proceed, the
 * EVC OTP and filing with an ARN. A return is filed once: filing it again answers its ARN.
 * @module
 */
import { error, type Outcome } from '../../issue.js';
import { gstrCodes, type Gstr1FileRequest, type ImsActionRequest, type ImsSection } from '../../ports/gst-portal.js';
import type { ModelDoc } from './model.js';
import { hash32 } from './random.js';
import { SANDBOX_GST_OTP } from './sessions.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const refused = <T>(code: string, message: string, path = ''): Outcome<T> => ({ ok: false, errors: [error(code, message, path)] });

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const GSTIN = /^[0-9]{2}[0-9A-Z]{13}$/;
const ACTIONS = ['A', 'R', 'P', 'N'];

/** `YYYY-MM` as the portal writes a period: MMYYYY. */
const mmyyyy = (period: string): string => period.slice(5, 7) + period.slice(0, 4);

/** The IMS section a document of the model sits in, or none (ISD and imports are not in IMS). */
function imsSectionOf(d: ModelDoc): ImsSection | undefined {
  if (d.section === 'B2B') return 'B2B';
  if (d.section === 'B2BA') return 'B2BA';
  if (d.section === 'CDNR') return d.noteType === 'D' ? 'DN' : 'CN';
  return undefined;
}

/** The key of a record's saved action: section, supplier and document number. */
const actionKey = (gstin: string, section: string, stin: string, number: string): string => `${gstin}|${section.toLowerCase()}|${stin}|${number}`;

export interface SandboxFilingOptions {
  documents(gstin: string, period: string): ModelDoc[];
  seed: string;
}

export class SandboxFiling {
  private readonly actions = new Map<string, Obj>();
  private readonly requests = new Map<string, Obj>();
  private readonly saves = new Map<string, { period: string; status: Obj }>();
  private readonly evcRequested = new Set<string>();
  private readonly filed = new Map<string, string>();
  private references = 0;

  constructor(private readonly options: SandboxFilingOptions) {}

  /** A section's IMS records for the period's documents, each with the action saved for it (N when none). */
  imsRecords(gstin: string, section: ImsSection, period: string): Outcome<unknown> {
    const key = section.toLowerCase();
    const records: Obj[] = [];
    for (const d of this.options.documents(gstin, period)) {
      if (imsSectionOf(d) !== section) continue;
      const t = d.lines.reduce(
        (s, l) => ({ txval: s.txval + l.taxable, iamt: s.iamt + l.igst, camt: s.camt + l.cgst, samt: s.samt + l.sgst, cess: s.cess + l.cess }),
        { txval: 0, iamt: 0, camt: 0, samt: 0, cess: 0 },
      );
      const note = section === 'CN' || section === 'DN';
      const saved = this.actions.get(actionKey(gstin, key, d.supplierGstin, d.number));
      records.push({
        stin: d.supplierGstin,
        ...(note ? { nt_num: d.number, nt_dt: d.date, ntty: d.noteType } : { inum: d.number, idt: d.date }),
        ...(section === 'B2BA' ? { oinum: d.originalNumber, oidt: d.originalDate } : {}),
        val: d.value,
        ...Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v * 100) / 100])),
        pos: d.pos,
        inv_typ: d.supplyType,
        action: saved?.['action'] ?? 'N',
        ...(saved?.['itcRedReq'] !== undefined ? { itcRedReq: saved['itcRedReq'] } : {}),
        srcform: 'R1',
        rtnprd: mmyyyy(period),
        hash: hash32(`${d.supplierGstin}|${d.number}|${d.value}`).toString(16).padStart(8, '0'),
      });
    }
    return { ok: true, value: records.length > 0 ? { [key]: records } : {} };
  }

  /** Saves the recipient's actions; an accepted credit note needs its ITC-reduction declaration (IMSSAV0054). */
  imsSave(request: ImsActionRequest): Outcome<{ referenceId: string }> {
    const invdata = request?.invdata;
    if (!isObj(invdata) || Object.keys(invdata).length === 0)
      return refused(gstrCodes.badRequest, 'invdata should hold the records to act on, by section', '/invdata');
    const accepted: Array<[string, Obj]> = [];
    for (const [section, list] of Object.entries(invdata)) {
      if (!Array.isArray(list)) return refused('RET191106', `invdata.${section} should be a list of records`, `/invdata/${section}`);
      for (const [i, record] of list.entries()) {
        const path = `/invdata/${section}/${i}`;
        if (!isObj(record) || typeof record['stin'] !== 'string' || typeof (record['inum'] ?? record['nt_num']) !== 'string')
          return refused('RET191106', 'a record needs stin and inum (or nt_num)', path);
        if (!ACTIONS.includes(String(record['action']))) return refused('RET191106', 'action should be A, R, P or N', `${path}/action`);
        if (typeof record['hash'] !== 'string') return refused('RET191106', 'a record needs the hash the inbox gave it', `${path}/hash`);
        if ((section === 'cn' || section === 'cna') && record['action'] === 'A' && record['itcRedReq'] === undefined) {
          return refused(
            'IMSSAV0054',
            'an accepted credit note needs its ITC-reduction declaration (itcRedReq): declare it and save again',
            `${path}/itcRedReq`,
          );
        }
        accepted.push([actionKey(request.gstin, section, record['stin'], String(record['inum'] ?? record['nt_num'])), record]);
      }
    }
    for (const [key, record] of accepted) this.actions.set(key, record);
    const referenceId = `IMS${String(++this.references).padStart(8, '0')}`;
    this.requests.set(referenceId, { status_cd: 'P', int_tran_id: referenceId, records: accepted.length });
    return { ok: true, value: { referenceId } };
  }

  imsRequestStatus(referenceId: string): Outcome<unknown> {
    const status = this.requests.get(referenceId);
    return status ? { ok: true, value: status } : refused('RET11405', `no IMS request ${referenceId}`, '/referenceId');
  }

  /**
   * Saves GSTR-1 data. A B2B invoice or credit/debit note whose recipient is not a GSTIN is refused in the
   * error report (status PE, or ER when nothing was accepted), as the portal reports each document.
   */
  gstr1Save(gstin: string, period: string, data: unknown): Outcome<{ referenceId: string }> {
    if (!isObj(data)) return refused(gstrCodes.badRequest, "the GSTR-1 data should be the portal's JSON object", '/data');
    if (this.filed.has(`${gstin}|${period}`)) return refused('RET11429', `GSTR-1 of ${period} is filed already; it can no longer be changed`);
    const report: Record<string, Obj[]> = {};
    let accepted = 0;
    let rejected = 0;
    for (const [section, list] of Object.entries(data)) {
      if (!Array.isArray(list)) continue;
      for (const party of list) {
        if (!isObj(party)) continue;
        const docs = (Array.isArray(party['inv']) ? party['inv'] : Array.isArray(party['nt']) ? party['nt'] : [party]) as unknown[];
        const ctin = party['ctin'];
        if ((section === 'b2b' || section === 'cdnr') && (typeof ctin !== 'string' || !GSTIN.test(ctin))) {
          rejected += docs.length;
          const refusal = { ctin, [section === 'b2b' ? 'inv' : 'nt']: docs, error_cd: 'RET191113', error_msg: 'The recipient GSTIN is not valid' };
          report[section] = [...(report[section] ?? []), refusal];
        } else accepted += docs.length;
      }
    }
    const status_cd = rejected === 0 ? 'P' : accepted === 0 ? 'ER' : 'PE';
    const referenceId = `R1${String(++this.references).padStart(8, '0')}`;
    this.saves.set(referenceId, { period, status: { status_cd, form_typ: 'R1', action: 'SAVE', ...(rejected > 0 ? { error_report: report } : {}) } });
    return { ok: true, value: { referenceId } };
  }

  gstr1Status(period: string, referenceId: string): Outcome<unknown> {
    const save = this.saves.get(referenceId);
    if (!save || save.period !== period) return refused('RET11405', `no GSTR-1 request ${referenceId} for ${period}`, '/referenceId');
    return { ok: true, value: save.status };
  }

  gstr1Proceed(period: string): Outcome<{ referenceId: string }> {
    const referenceId = `R1${String(++this.references).padStart(8, '0')}`;
    this.saves.set(referenceId, { period, status: { status_cd: 'P', form_typ: 'R1', action: 'RETNEWPTF' } });
    return { ok: true, value: { referenceId } };
  }

  requestEvcOtp(gstin: string, pan: string): Outcome<{ otpSent: true }> {
    if (typeof pan !== 'string' || !PAN.test(pan))
      return refused(gstrCodes.badRequest, 'the PAN of the authorised signatory should be 10 characters like ABCDE1234F', '/pan');
    this.evcRequested.add(`${gstin}|${pan}`);
    return { ok: true, value: { otpSent: true } };
  }

  /** Files with the EVC: the sandbox's OTP after an EVC OTP request; a filed return answers its ARN again. */
  gstr1File(request: Gstr1FileRequest): Outcome<{ arn: string; alreadyFiled: boolean }> {
    const { gstin, period, pan, otp } = request;
    const key = `${gstin}|${period}`;
    const arn = this.filed.get(key);
    if (arn) return { ok: true, value: { arn, alreadyFiled: true } };
    if (typeof pan !== 'string' || !PAN.test(pan))
      return refused(gstrCodes.badRequest, 'the PAN of the authorised signatory should be 10 characters like ABCDE1234F', '/pan');
    if (!this.evcRequested.has(`${gstin}|${pan}`)) return refused('RET11446', 'no EVC OTP was sent for this PAN: request it first', '/otp');
    if (otp !== SANDBOX_GST_OTP) return refused('RET11446', `the EVC OTP is wrong (the sandbox's is ${SANDBOX_GST_OTP})`, '/otp');
    // ARN: AA, the state code, MMYY of the period, then seven characters.
    const tail = hash32(`${this.options.seed}|${key}`).toString(36).toUpperCase().padStart(7, '0').slice(-7);
    const filedArn = `AA${gstin.slice(0, 2)}${period.slice(5, 7)}${period.slice(2, 4)}${tail}`;
    this.filed.set(key, filedArn);
    return { ok: true, value: { arn: filedArn, alreadyFiled: false } };
  }
}
