/**
 * The sandbox's side of the listed fields (src/ports/ewaybill-listed.ts): what it writes beside each entry at
 * every change, and how it reads the day lists back, a page of the store at a time.
 * @module
 */
import type { EwbDayList, EwbListed, EwbListedRow, EwbStore } from '../../ports/store.js';
import { entryFromJson, type EwbEntry } from './state.js';
import { istDateTime } from '../../compute/dates.js';
import { num, str } from '../../compute/payload.js';
import { actionsOf, discardedSlip, extendedTimesOf, hasPartBNow, rejectStatusOf } from './state.js';

/** E-waybills read from the store a page at a time: small enough to leave the serving thread free between pages. */
export const DAY_LIST_PAGE = 500;

/** The listed fields of an entry. */
export function listedOf(e: EwbEntry): EwbListed {
  const p = e.partA;
  const first = (Array.isArray(p['itemList']) ? (p['itemList'] as Record<string, unknown>[]) : [])[0] ?? {};
  const rejected = actionsOf(e).rejected;
  return {
    ewbNo: Number(e.ewbNo),
    ewbDate: istDateTime(e.generatedAt),
    generatedAt: e.generatedAt.toISOString(),
    status: e.status,
    hasPartB: hasPartBNow(e),
    genGstin: e.genGstin,
    docNo: str(p['docNo']),
    docDate: str(p['docDate']),
    fromGstin: str(p['fromGstin']),
    fromTradeName: str(p['fromTrdName']),
    toGstin: str(p['toGstin']),
    toTradeName: str(p['toTrdName']),
    delPinCode: num(p['toPincode']),
    delStateCode: num(p['actToStateCode'] ?? p['toStateCode']),
    delPlace: str(p['toPlace']),
    totInvValue: num(p['totInvValue']),
    hsnCode: num(first['hsnCode']),
    hsnDesc: str(first['productDesc'] ?? first['productName']),
    validUpto: e.validUpto,
    extendedTimes: extendedTimesOf(e),
    rejectStatus: rejectStatusOf(e),
    rejectedDate: rejected ? istDateTime(new Date(rejected.at)) : null,
  };
}

/** The status a list shows at `now`: a Part-A slip never given Part-B reads as cancelled once discarded (state.ts). */
export function listedStatus(l: EwbListed, now: Date): 'ACT' | 'CNL' {
  return l.status === 'CNL' || discardedSlip(l.hasPartB, Date.parse(l.generatedAt), now) ? 'CNL' : 'ACT';
}

/** The listed fields of a row of a page: as stored, or read from the entry of a row stored before them. */
function listedOfRow(row: EwbListedRow): EwbListed {
  return 'listed' in row ? row.listed : listedOf(entryFromJson(row.entry));
}

/** The e-waybills of a day list, page by page, each page as `shape` makes it (which may leave some out). */
export async function* dayPages<T>(store: EwbStore, query: EwbDayList, shape: (page: EwbListed[]) => T[]): AsyncIterable<T[]> {
  let after = '';
  for (;;) {
    const rows = await store.ewbDayPage(query, after, DAY_LIST_PAGE);
    if (rows.length === 0) return;
    yield shape(rows.map(listedOfRow));
    if (rows.length < DAY_LIST_PAGE) return;
    after = rows[rows.length - 1]!.ewbNo;
  }
}
