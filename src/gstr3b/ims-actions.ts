/**
 * Reader of IMS actions: the records of the IMS inbox as the portal's API or its offline tool gives them
 * (`{stin, inum|nt_num|ntnum, action}` under any grouping), or gstkit's own `{supplierGstin, number, action}`.
 * Action codes A (accept), R (reject), P (pending); N (no action) is deemed accepted and left as the 2B says.
 * @module
 */
import type { Gstr3bImsAction } from './types.js';

type Obj = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const ACTIONS: Record<string, Gstr3bImsAction['action']> = {
  A: 'accept',
  ACCEPT: 'accept',
  ACCEPTED: 'accept',
  R: 'reject',
  REJECT: 'reject',
  REJECTED: 'reject',
  P: 'pending',
  PENDING: 'pending',
};

/** Every IMS action found in `input`, however it is grouped, with the count of records it could not read. */
export function readImsActions(input: unknown): { actions: Gstr3bImsAction[]; unreadable: number } {
  const actions: Gstr3bImsAction[] = [];
  let unreadable = 0;
  const walk = (v: unknown, supplier: string, depth: number): void => {
    if (depth > 12) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, supplier, depth + 1);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Obj;
    const sup = text(o['stin'] ?? o['ctin'] ?? o['supplierGstin']).toUpperCase() || supplier;
    const number = text(o['inum'] ?? o['nt_num'] ?? o['ntnum'] ?? o['docnum'] ?? o['number']);
    const raw = text(o['action'] ?? o['imsAction'] ?? o['imsStatus']).toUpperCase();
    if (raw !== '' || number !== '') {
      if (raw === 'N' || raw === 'NO ACTION') return;
      const action = ACTIONS[raw];
      if (action && number !== '' && sup !== '') actions.push({ supplierGstin: sup, number, action });
      else if (raw !== '' || Object.keys(o).some((k) => k === 'action')) unreadable++;
      return;
    }
    for (const x of Object.values(o)) walk(x, sup, depth + 1);
  };
  walk(input, '', 0);
  return { actions, unreadable };
}
