/**
 * The IMS jobs on the live GST portal: `ims/pull` stores the inbox of every IMS section (kept in the return
 * store as `ims` for the period) and counts its records by section; `ims/action` completes each document
 * the host names (section, supplier, number) from the inbox, as the portal wants it back (its `hash`,
 * amounts, period), saves the actions and waits for the portal to process them.
 * @module
 */
import { error, type Issue } from '../issue.js';
import { imsSections, type ImsSection } from '../ports/gst-portal.js';
import type { JobOutput } from '../ports/jobs.js';
import { type LiveGstJobDeps, portalFailure, processed, statusOf } from './gst-portal-failure.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One document the host acts on, as `POST /api/svc/ims/action` takes it. */
export interface ImsActionDocument {
  section: string;
  stin: string;
  inum?: string;
  nt_num?: string;
  idt?: string;
  nt_dt?: string;
  action: 'A' | 'R' | 'P' | 'N';
  itcRedReq?: unknown;
  remarks?: string;
}

/** Records of every section of an inbox: `{b2b: [...], cn: [...]}`. */
async function pullSections(
  deps: LiveGstJobDeps,
  gstin: string,
  period: string,
  sections: readonly ImsSection[],
): Promise<{ ok: true; inbox: Record<string, Obj[]> } | { ok: false; errors: Issue[] }> {
  const inbox: Record<string, Obj[]> = {};
  for (const [i, section] of sections.entries()) {
    const out = await deps.portal.imsRecords(gstin, section, period);
    if (!out.ok) return out;
    // The portal answers `{b2b: [...]}` for section B2B (an empty object when the section holds nothing).
    for (const [key, records] of Object.entries(isObj(out.value) ? out.value : {}))
      if (Array.isArray(records)) inbox[key] = [...(inbox[key] ?? []), ...records.filter(isObj)];
    deps.progress?.(((i + 1) / sections.length) * 80);
  }
  return { ok: true, inbox };
}

/** `ims/pull` `{gstin, period}`: the whole inbox stored, `result: {documents: {b2b: 12, cn: 1}}`. */
export async function imsPullJob(params: Record<string, unknown>, deps: LiveGstJobDeps): Promise<JobOutput> {
  const gstin = String(params['gstin']);
  const period = String(params['period']);
  const pulled = await pullSections(deps, gstin, period, imsSections);
  if (!pulled.ok) return portalFailure(pulled.errors, deps, gstin);
  const documents = Object.fromEntries(Object.entries(pulled.inbox).map(([k, v]) => [k, v.length]));
  const total = Object.values(documents).reduce((n, c) => n + c, 0);
  await deps.store.put({ gstin, returnType: 'ims', period, pulledAt: (deps.now?.() ?? new Date()).toISOString(), data: pulled.inbox, documents: total });
  deps.progress?.(100);
  return { ok: true, result: { documents, total } };
}

const numberOf = (d: Obj): string => String(d['inum'] ?? d['nt_num'] ?? '');
const dateOf = (d: Obj): string | undefined => (typeof (d['idt'] ?? d['nt_dt']) === 'string' ? String(d['idt'] ?? d['nt_dt']) : undefined);

/**
 * `ims/action` `{gstin, period, documents}`: each document matched in the inbox (the stored pull of the
 * period, else pulled now), saved with its action, and the portal's processing awaited. A document not in
 * the inbox fails the job before anything is sent (`1000`).
 */
export async function imsActionJob(params: Record<string, unknown>, deps: LiveGstJobDeps): Promise<JobOutput> {
  const gstin = String(params['gstin']);
  const period = String(params['period']);
  const documents = (Array.isArray(params['documents']) ? params['documents'] : []).filter(isObj) as unknown as ImsActionDocument[];
  const sections = [...new Set(documents.map((d) => d.section.toUpperCase() as ImsSection))];
  const stored = await deps.store.get(gstin, 'ims', period);
  let inbox: Record<string, Obj[]> = isObj(stored?.data) ? (stored.data as Record<string, Obj[]>) : {};
  const missing = sections.filter((s) => !Array.isArray(inbox[s.toLowerCase()]));
  if (missing.length > 0) {
    const pulled = await pullSections(deps, gstin, period, missing);
    if (!pulled.ok) return portalFailure(pulled.errors, deps, gstin);
    inbox = { ...inbox, ...pulled.inbox };
  }
  const invdata: Record<string, Obj[]> = {};
  const notFound: Issue[] = [];
  documents.forEach((d, i) => {
    const key = d.section.toLowerCase();
    const wanted = numberOf(d as unknown as Obj);
    const date = dateOf(d as unknown as Obj);
    const record = (inbox[key] ?? []).find(
      (r) => r['stin'] === d.stin && numberOf(r) === wanted && (date === undefined || dateOf(r) === undefined || dateOf(r) === date),
    );
    if (!record) {
      notFound.push(error('1000', `document ${wanted} of supplier ${d.stin} is not in the IMS inbox's ${d.section.toUpperCase()} section`, `/documents/${i}`));
      return;
    }
    const completed = {
      ...record,
      action: d.action,
      ...(d.itcRedReq !== undefined ? { itcRedReq: d.itcRedReq } : {}),
      ...(d.remarks !== undefined ? { remarks: d.remarks } : {}),
    };
    const list = invdata[key] ?? [];
    list.push(completed);
    invdata[key] = list;
  });
  if (notFound.length > 0) return { ok: false, error: { code: '1000', message: notFound.map((e) => e.message).join('; ') } };
  const saved = await deps.portal.imsSave({ gstin, invdata });
  if (!saved.ok) return portalFailure(saved.errors, deps, gstin);
  deps.progress?.(90);
  const status = await processed(() => deps.portal.imsRequestStatus(gstin, saved.value.referenceId), deps);
  if (!status.ok) return portalFailure(status.errors, deps, gstin);
  const counts = Object.fromEntries(Object.entries(invdata).map(([k, v]) => [k, v.length]));
  const report = isObj(status.value) ? status.value['error_report'] : undefined;
  return {
    ok: true,
    result: {
      referenceId: saved.value.referenceId,
      status: statusOf(status.value),
      documents: counts,
      ...(report !== undefined ? { errorReport: report } : {}),
    },
  };
}
