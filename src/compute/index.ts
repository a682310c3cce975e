/**
 * Computations on GST documents: line amounts, tax split, cess, totals, round-off, the IRP
 * tolerance, completing and checking an IRN request, the IRN hash and the dates they need.
 * All are pure and work on gstkit's private decimal.
 * @module
 */

export * from './decimal.js';
export * from './payload.js';
export * from './tolerance.js';
export * from './supply.js';
export * from './line-amounts.js';
export * from './tax-split.js';
export * from './cess.js';
export * from './line.js';
export * from './line-gaps.js';
export * from './work-lines.js';
export * from './round-off.js';
export * from './invoice-totals.js';
export * from './totals-gaps.js';
export * from './complete-invoice.js';
export * from './codes.js';
export * from './check-amounts.js';
export * from './dates.js';
export * from './financial-year.js';
export * from './irn.js';
export * from './irn-cancel-window.js';
export * from './ewaybill-validity.js';
export * from './ewaybill-cancel-window.js';
export * from './ewaybill-extension.js';
export * from './ewaybill-totals.js';
