/**
 * The 30-day reporting limit: a taxpayer above a turnover may not report an invoice, credit or debit note
 * dated more than 30 days before the reporting date. IRP code 2305 (its text still names the first
 * threshold). AATO >= 100 crore from 01/11/2023 (GSTN advisory 13/09/2023); >= 10 crore from 01/04/2025
 * (advisory 05/11/2024); research/domain-2026.md 1.4.
 *
 * The boundary day is UNCERTAIN (sources disagree on whether a document dated 1 April may be reported on
 * 1 May): gstkit refuses only when the document is more than 30 days old, so a document dated 1 April is
 * accepted up to and including 1 May. That is the reading that refuses least.
 * @module
 */

import { error, pointer } from '../../issue.js';
import { daysBetween } from '../../compute/dates.js';
import type { RuleContext } from '../rule.js';
import { party, type Doc, einvoiceReader } from './reader.js';
import { defineRule } from '../define.js';
import { irp } from './evidence.js';

/** Days a document may be old on the reporting date (older is refused). */
export const REPORTING_LIMIT_DAYS = 30;
const ADVISORIES = 'GSTN advisories 13/09/2023 and 05/11/2024; 2305 text: https://github.com/resilient-tech/india-compliance/issues/592';

function tooOld(doc: Doc, context: RuleContext, limit: number) {
  const dt = party(doc, 'DocDtls')['Dt'];
  if (typeof dt !== 'string') return [];
  const age = daysBetween(dt.trim(), context.today);
  return age !== undefined && age > limit
    ? [
        error(
          '2305',
          `DocDtls.Dt ${dt.trim()} is ${age} days before the reporting date ${context.today}; taxpayers of this turnover may report documents at most ${limit} days old`,
          pointer('DocDtls', 'Dt'),
        ),
      ]
    : [];
}

/** An explicit reporting window set by the caller replaces the turnover-based rules. */
const explicitWindow = (context: RuleContext): boolean => typeof context.reportingWindowDays === 'number';

export const reportingLimitHundredCrore = defineRule(einvoiceReader, {
  id: 'EINV-REPORTING-LIMIT-100CR',
  code: '2305',
  certainty: 'likely',
  evidence: irp('2305', ADVISORIES),
  since: '01/11/2023',
  until: '31/03/2025',
  dateBasis: 'reporting',
  aato: { atLeast: 1_000_000_000 },
  whenAatoUnknown: 'warn',
  description:
    'From 01/11/2023, a taxpayer with AATO of 100 crore or more may not report a document dated more than 30 days before the reporting date (day 30 accepted: the boundary is uncertain). Without aato, a warning.',
  check: (doc, context) => (explicitWindow(context) ? [] : tooOld(doc, context, REPORTING_LIMIT_DAYS)),
});

export const reportingLimitTenCrore = defineRule(einvoiceReader, {
  id: 'EINV-REPORTING-LIMIT-10CR',
  code: '2305',
  certainty: 'likely',
  evidence: irp('2305', ADVISORIES),
  since: '01/04/2025',
  dateBasis: 'reporting',
  aato: { atLeast: 100_000_000 },
  whenAatoUnknown: 'warn',
  description: 'From 01/04/2025, the same limit for AATO of 10 crore or more. Without aato, a warning.',
  check: (doc, context) => (explicitWindow(context) ? [] : tooOld(doc, context, REPORTING_LIMIT_DAYS)),
});

export const reportingWindow = defineRule(einvoiceReader, {
  id: 'EINV-DOC-DATE-WINDOW',
  code: '2305',
  certainty: 'likely',
  evidence: irp('2305', ADVISORIES),
  description:
    'When the caller sets a reporting window (reportingWindowDays), DocDtls.Dt may not be older than it; this replaces the turnover-based 2305 rules.',
  check: (doc, context) => (explicitWindow(context) ? tooOld(doc, context, context.reportingWindowDays!) : []),
});

export const reportingLimitRules = [reportingWindow, reportingLimitHundredCrore, reportingLimitTenCrore];
