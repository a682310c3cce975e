/**
 * NIC's consolidated e-waybill and multi-vehicle actions (GENCEWB, REGENTRIPSHEET, GetTripSheet,
 * MULTIVEHMOVINT, MULTIVEHADD, MULTIVEHUPD) as the movement methods of the e-waybill port, on the
 * connector's encrypted POST and GET exchanges. The request is the canonical payload with the numbers
 * NIC's JSON carries as numbers (e-waybill and trip sheet numbers, group numbers, state codes,
 * quantities) sent as numbers, as the connector's other e-waybill actions do; NIC's answer times
 * (`dd/MM/yyyy hh:mm:ss a`) come back in the service's form, and GetTripSheet's trip sheet in the
 * trip-sheet kind's names (docs/portal-responses.md).
 * @module
 */
import { normalize } from '../../normalize/normalize.js';
import { isPlainObject } from '../../json.js';
import type { EwbMovementActions, ProviderResult, TripSheetIssued } from '../../ports/index.js';
import type { Obj } from './exchange.js';
import { ewbTimeToWire } from './options.js';

/** The connector's exchanges the actions ride on. */
export interface MovementWire {
  post(gstin: string, action: string, data: Obj): Promise<ProviderResult<Obj>>;
  get(gstin: string, name: string, query: Record<string, string>): Promise<ProviderResult<Obj>>;
}

/** NIC's JSON number for a digit string (the e-waybill API types these fields as numbers). */
const asNumber = (v: unknown): unknown => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v);

/** The request with the named fields as numbers; absent fields stay absent. */
function wire(request: object, numbers: readonly string[]): Obj {
  const out: Obj = { ...(request as Obj) };
  for (const k of numbers) if (out[k] !== undefined) out[k] = asNumber(out[k]);
  return out;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

function map<T>(out: ProviderResult<Obj>, read: (d: Obj) => T): ProviderResult<T> {
  return out.ok ? { ok: true, value: read(out.value) } : out;
}

/**
 * GENCEWB's `{cEwbNo, cEwbDate}` and REGENTRIPSHEET's `{tripSheetNo, tripSheetEwayBills}`: NIC documents
 * no date for a regeneration, and a date it does not give is left out rather than sent blank.
 */
function tripSheet(d: Obj): TripSheetIssued {
  const date = d['cEwbDate'] ?? d['cEWBDate'] ?? d['cewbDate'];
  const when = date === undefined || date === null ? '' : ewbTimeToWire(date);
  return { cEwbNo: text(d['cEwbNo'] ?? d['cewbNo'] ?? d['tripSheetNo']), ...(when ? { cEWBDate: when } : {}) };
}

/**
 * GetTripSheet's bare trip sheet as the trip-sheet kind's `Response`, the form the host returns and the
 * trip sheet PDF draws: NIC's member names (ewbDate, fromTradeName), 12-hour times and numbers read as
 * the response kind reads them.
 */
function tripSheetRecord(d: Obj): Obj {
  const read = normalize<Obj>('trip-sheet', { Success: true, Response: d }).value;
  return isPlainObject(read['Response']) ? read['Response'] : d;
}

/** The movement methods over a connector's exchanges. */
export function nicMovementActions(w: MovementWire): Required<EwbMovementActions> {
  return {
    async consolidate(_ctx, gstin, request) {
      const data = wire(request, ['fromState']);
      data['tripSheetEwbBills'] = request.tripSheetEwbBills.map((m) => ({ ewbNo: asNumber(m.ewbNo) }));
      return map(await w.post(gstin, 'GENCEWB', data), tripSheet);
    },
    async regenerateTripSheet(_ctx, gstin, request) {
      return map(await w.post(gstin, 'REGENTRIPSHEET', wire(request, ['tripSheetNo', 'fromState'])), tripSheet);
    },
    async getTripSheet(_ctx, gstin, tripSheetNo) {
      return map(await w.get(gstin, 'GetTripSheet', { tripSheetNo: tripSheetNo.trim() }), tripSheetRecord);
    },
    async initiateMultiVehicle(_ctx, gstin, request) {
      const out = await w.post(gstin, 'MULTIVEHMOVINT', wire(request, ['ewbNo', 'fromState', 'toState']));
      return map(out, (d) => ({ ewbNo: text(d['ewbNo'] ?? request.ewbNo), groupNo: Number(d['groupNo']), createdDate: ewbTimeToWire(d['createdDate']) }));
    },
    async addMultiVehicle(_ctx, gstin, request) {
      const out = await w.post(gstin, 'MULTIVEHADD', wire(request, ['ewbNo', 'groupNo']));
      return map(out, (d) => ({
        ewbNo: text(d['ewbNo'] ?? request.ewbNo),
        groupNo: Number(d['groupNo'] ?? request.groupNo),
        vehAddedDate: ewbTimeToWire(d['vehAddedDate']),
      }));
    },
    async changeMultiVehicle(_ctx, gstin, request) {
      const out = await w.post(gstin, 'MULTIVEHUPD', wire(request, ['ewbNo', 'groupNo', 'fromState']));
      return map(out, (d) => ({ vehUpdDate: ewbTimeToWire(d['vehUpdDate']) }));
    },
  };
}
