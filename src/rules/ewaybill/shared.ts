/**
 * What the e-waybill request rules share: the constants of the portal and tolerant readers of the request.
 * @module
 */

import { ewbDayNumber } from '../../compute/ewaybill-dates.js';
import { EWB_FOREIGN_PIN } from '../../masters/ewaybill.js';
import type { RuleContext } from '../rule.js';
import { field, integerOf, textOf } from '../support.js';

/** The PIN of a foreign party. */
export const FOREIGN_PIN = EWB_FOREIGN_PIN;
export const MAX_DISTANCE_KM = 4000;
export const MAX_ITEMS = 250;
export const MAX_DOC_AGE_DAYS = 180;
/** 01/07/2017, the day GST began, as a day number. */
export const GST_START_DAY = ewbDayNumber('01/07/2017')!;

export const supplyOf = (doc: unknown): string | undefined => textOf(field(doc, 'supplyType'))?.toUpperCase();
export const subOf = (doc: unknown): number | undefined => integerOf(field(doc, 'subSupplyType'));
export const isExport = (doc: unknown): boolean => supplyOf(doc) === 'O' && subOf(doc) === 3;
export const isImport = (doc: unknown): boolean => supplyOf(doc) === 'I' && subOf(doc) === 2;
export const txnOf = (doc: unknown): number | undefined => integerOf(field(doc, 'transactionType'));
export const modeOf = (doc: unknown): number | undefined => integerOf(field(doc, 'transMode'));
export const stateNo = (doc: unknown, key: string): number | undefined => integerOf(field(doc, key));
export const itemsOf = (doc: unknown): unknown[] | undefined => {
  const list = field(doc, 'itemList');
  return Array.isArray(list) ? list : undefined;
};
export const todayOf = (context: RuleContext): number | undefined => ewbDayNumber(context?.today);

/** The date rates are judged on: the document date, or today when that is unreadable. */
export function rateDate(doc: unknown, context: RuleContext): string | undefined {
  const docDate = field(doc, 'docDate');
  if (typeof docDate === 'string' && ewbDayNumber(docDate) !== undefined) return docDate;
  return todayOf(context) === undefined ? undefined : context.today;
}
