/**
 * The work behind the GSTR routes: pull a return into the store, export stored returns to Excel.
 * @module
 */
import { error, type Issue, type Outcome } from '../issue.js';
import { isValidGstin } from '../masters/gstin.js';
import { memorySink, type ByteSink } from '../render/excel/zip.js';
import { writeGstr3bReport, writeInwardReport, type DocumentStream, type InwardSource } from './report.js';
import { gstrCodes, type GstPortal } from '../ports/gst-portal.js';
import { isPeriod, monthsInclusive, periodRange } from './read-common.js';
import { openGstr2a, readGstr2a } from './read-2a.js';
import { openGstr2b, readGstr2b } from './read-2b.js';
import { readGstr3b } from './read-3b.js';
import type { ReturnStore } from '../ports/returns.js';
import { countReturnDocuments } from './count-documents.js';
import { sectionDocuments } from './section-counts.js';
import { findStoredReturn } from './stored-return.js';
import type { InwardReturn, ReturnType } from './types.js';

export interface GstrServices {
  portal: GstPortal;
  store: ReturnStore;
  now?: () => Date;
}

/** Longest export range in months. */
export const MAX_EXPORT_MONTHS = 24;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const RETURN_TYPES: readonly string[] = ['gstr2a', 'gstr2b', 'gstr3b'];
const bad = (message: string, path: string): { ok: false; errors: Issue[] } => ({
  ok: false,
  errors: [error(gstrCodes.badRequest, `missing or invalid field values in request: ${message}`, path)],
});

/** Reads a return of any type; the outcome's value is the typed rows. */
export function readReturn(returnType: ReturnType, data: unknown, expect?: { gstin?: string; period?: string }) {
  return returnType === 'gstr2a' ? readGstr2a(data, expect) : returnType === 'gstr2b' ? readGstr2b(data, expect) : readGstr3b(data, expect);
}

/**
 * Pulls one return for one GSTIN and period from the portal and stores it, replacing the earlier copy.
 * Errors: `1000` bad request, `2000` GSTIN not connected, the portal's own codes, reader codes when the
 * portal answers with something that is not a readable return (nothing is stored then).
 */
export async function pullReturn(
  services: GstrServices,
  request: { gstin: string; returnType: ReturnType; period: string },
  progress?: (fraction: number, counts?: { done: number; total: number }) => void,
): Promise<Outcome<{ documents: number }>> {
  const out = await pullReturnCounted(services, request, progress);
  return out.ok ? { ok: true, value: { documents: out.value.documents } } : out;
}

/**
 * {@link pullReturn}, also answering the documents of each section stored (`{b2b: 700, cdn: 4}`, GSTN's
 * section names). A GSTIN whose session the portal ended during the pull (it counts as not connected
 * afterwards) fails with `2000`, the portal's code in the message.
 */
export async function pullReturnCounted(
  services: GstrServices,
  request: { gstin: string; returnType: ReturnType; period: string },
  progress?: (fraction: number, counts?: { done: number; total: number }) => void,
): Promise<Outcome<{ documents: number; sections: Record<string, number> }>> {
  if (!request || typeof request !== 'object') return bad('request body', '');
  if (!RETURN_TYPES.includes(request.returnType)) return bad('returnType', '/returnType');
  if (typeof request.gstin !== 'string' || !isValidGstin(request.gstin)) return bad('gstin', '/gstin');
  if (!isPeriod(request.period)) return bad('returnPeriod (YYYY-MM)', '/returnPeriod');
  if (!(await services.portal.isConnected(request.gstin))) {
    return { ok: false, errors: [error(gstrCodes.notConnected, 'not connected to GST System', '/gstin')] };
  }
  progress?.(0.1);
  const fetched = await services.portal.fetchReturn(request.gstin, request.returnType, request.period);
  if (!fetched.ok) {
    const first = fetched.errors[0];
    if (first && first.code !== gstrCodes.notConnected && !(await services.portal.isConnected(request.gstin))) {
      return {
        ok: false,
        errors: [error(gstrCodes.notConnected, `not connected to GST System: the portal ended the session (${first.code} ${first.message})`, '/gstin')],
      };
    }
    return fetched;
  }
  progress?.(0.6);
  const read = readReturn(request.returnType, fetched.value, { gstin: request.gstin, period: request.period });
  if (!read.ok) return read;
  const documents = 'documents' in read.value ? read.value.documents.length : read.value.rows.length;
  progress?.(0.8, { done: 0, total: documents });
  const now = services.now?.() ?? new Date();
  await services.store.put({
    gstin: request.gstin,
    returnType: request.returnType,
    period: request.period,
    pulledAt: now.toISOString(),
    data: fetched.value,
    documents,
  });
  progress?.(1, { done: documents, total: documents });
  return { ok: true, value: { documents, sections: sectionDocuments(request.returnType, fetched.value) } };
}

export interface ExportRequest {
  returnType: ReturnType;
  gstins: string[];
  startPeriod: string;
  endPeriod: string;
  /** 100 Full (default) or 101 Smart; GSTR-2A and GSTR-2B only. */
  reportType?: 100 | 101;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  data: Uint8Array;
  rows: number;
}

/**
 * Exports stored returns to an .xlsx workbook. GSTR-2A/2B: many GSTINs, up to 24 months; periods not
 * pulled are listed on the header sheet. GSTR-3B: one GSTIN and one period. Errors: `1000` missing or
 * invalid fields, `100` range longer than 24 months, `1001` nothing stored for the whole request.
 */
export async function exportReturns(services: GstrServices, request: ExportRequest, progress?: (fraction: number) => void): Promise<Outcome<ExportFile>> {
  let sink: (ByteSink & { bytes(): Uint8Array }) | undefined;
  const out = await exportReturnsTo(services, request, async () => (sink = memorySink()), progress);
  return out.ok ? { ok: true, value: { ...out.value, data: sink!.bytes() } } : out;
}

/**
 * Like {@link exportReturns}, but the workbook goes to the sink `open` gives as it is written, so a big
 * export is never whole in memory (a job runner passes a sink into its file store).
 */
export async function exportReturnsTo(
  services: GstrServices,
  request: ExportRequest,
  open: (fileName: string, contentType: string) => Promise<ByteSink>,
  progress?: (fraction: number, counts?: { done: number; total: number }) => void,
): Promise<Outcome<Omit<ExportFile, 'data'>>> {
  if (!request || typeof request !== 'object') return bad('request body', '');
  const { returnType, gstins, startPeriod, endPeriod } = request;
  if (!RETURN_TYPES.includes(returnType)) return bad('returnType', '/returnType');
  if (!Array.isArray(gstins) || gstins.length === 0) return bad('gstins', '/gstins');
  for (let i = 0; i < gstins.length; i++) {
    if (typeof gstins[i] !== 'string' || !isValidGstin(gstins[i])) return bad(`gstins[${i}]`, `/gstins/${i}`);
  }
  if (!isPeriod(startPeriod)) return bad('startReturnPeriod (YYYY-MM)', '/startReturnPeriod');
  if (!isPeriod(endPeriod)) return bad('endReturnPeriod (YYYY-MM)', '/endReturnPeriod');
  const months = monthsInclusive(startPeriod, endPeriod);
  if (months < 1) return bad('endReturnPeriod is before startReturnPeriod', '/endReturnPeriod');
  const reportType = request.reportType ?? 100;
  if (reportType !== 100 && reportType !== 101) return bad('reportType (100 or 101)', '/reportType');
  const generatedAt = services.now?.() ?? new Date();

  if (returnType === 'gstr3b') {
    if (gstins.length !== 1) return bad('GSTR-3B export takes one GSTIN', '/gstins');
    if (months !== 1) return bad('GSTR-3B export takes one period', '/endReturnPeriod');
    const gstin = gstins[0]!;
    const stored = await services.store.get(gstin, 'gstr3b', startPeriod);
    if (!stored) return nothingStored();
    const read = readGstr3b(stored.data, { gstin, period: startPeriod });
    if (!read.ok) return read;
    const fileName = `GSTR3B_${gstin}_${startPeriod}.xlsx`;
    const sink = await open(fileName, XLSX_CONTENT_TYPE);
    const res = await writeGstr3bReport(sink, read.value, { pulledAt: stored.pulledAt, generatedAt });
    progress?.(1);
    return { ok: true, value: { fileName, contentType: XLSX_CONTENT_TYPE, rows: res.rows } };
  }

  if (months > MAX_EXPORT_MONTHS) {
    return { ok: false, errors: [error(gstrCodes.periodRange, 'maximum 24 months of data can be exported', '/endReturnPeriod')] };
  }
  const periods = periodRange(startPeriod, endPeriod);
  const sources: InwardSource[] = [];
  let anyStored = false;
  for (const gstin of [...new Set(gstins)]) {
    for (const period of periods) {
      const found = await findStoredReturn(services.store, gstin, returnType, period);
      const source: InwardSource = { gstin, period };
      if (found) {
        anyStored = true;
        source.pulledAt = found.pulledAt;
        const readSource = async (): Promise<unknown> => {
          const { pulledAt, data } = await found.read();
          // A pull that replaced the return since it was found is the one written, with its own time.
          source.pulledAt = pulledAt;
          return data;
        };
        source.load = async (): Promise<InwardReturn | string> => {
          const read = readReturn(returnType, await readSource(), { gstin, period });
          if (!read.ok) return describeErrors(read.errors);
          return read.value as InwardReturn;
        };
        const counted = found.documents;
        // Counted at the pull; a return stored before counts were kept is read to count it.
        source.count = counted !== undefined ? async () => counted : async () => countReturnDocuments(returnType, await readSource());
        // A GSTR-2A or GSTR-2B counted at its pull was read whole by the pull, so it is written as it is
        // read, one document at a time. Returns stored before counts were kept (which may not read) are
        // read whole first, so one that cannot be read writes no rows.
        const openReturn = returnType === 'gstr2b' ? openGstr2b : returnType === 'gstr2a' ? openGstr2a : undefined;
        if (openReturn !== undefined && counted !== undefined) {
          source.stream = async (): Promise<DocumentStream | string> => {
            const opened = openReturn(await readSource(), { gstin, period });
            if (!opened.ok) return describeErrors(opened.errors);
            if (opened.value.headerErrors.length > 0) return describeErrors(opened.value.headerErrors);
            const { documents, end } = opened.value;
            return {
              size: counted,
              documents,
              failed: () => {
                const ended = end();
                return ended.ok ? undefined : describeErrors(ended.errors);
              },
            };
          };
        }
      }
      sources.push(source);
    }
  }
  if (!anyStored) return nothingStored();
  const kind = returnType === 'gstr2a' ? 'GSTR2A' : 'GSTR2B';
  const fileName = `${kind}_${reportType === 100 ? 'Full' : 'Smart'}_${startPeriod}_${endPeriod}.xlsx`;
  const sink = await open(fileName, XLSX_CONTENT_TYPE);
  const res = await writeInwardReport(sink, sources, {
    returnType,
    reportType,
    generatedAt,
    onProgress: progress,
  });
  return { ok: true, value: { fileName, contentType: XLSX_CONTENT_TYPE, rows: res.rows } };
}

/** A reader's errors as the header sheet names them: the first three. */
function describeErrors(errors: readonly Issue[]): string {
  return errors
    .map((e) => `${e.code} ${e.message} at ${e.path}`)
    .slice(0, 3)
    .join('; ');
}

function nothingStored(): { ok: false; errors: Issue[] } {
  return {
    ok: false,
    errors: [error(gstrCodes.nothingStored, 'no pulled data for the requested GSTINs and periods; pull the returns first', '')],
  };
}
