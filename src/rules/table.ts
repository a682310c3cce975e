/**
 * docs/rules.md: every rule with its code, severity, certainty, evidence, dates and turnover bounds,
 * generated from the rule tables (`npm run docs:rules`; CI fails when the file is stale).
 * @module
 */

import { allRules } from './index.js';
import { describeTurnover, ruleSeverity, type Evidence, type Rule } from './rule.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Evidence in words: `IRP 2172 (source)`, `spec: ...`, or `own`. */
export function describeEvidence(evidence: Evidence): string {
  if (evidence === 'own') return 'own';
  if ('spec' in evidence) return `spec: ${evidence.spec}`;
  return `${evidence.portal}${evidence.code ? ' ' + evidence.code : ''} (${evidence.source})`;
}

/** The kind of evidence, for the summary: portal, spec or own. */
function evidenceKind(evidence: Evidence): 'portal' | 'spec' | 'own' {
  return evidence === 'own' ? 'own' : 'spec' in evidence ? 'spec' : 'portal';
}

function strictSeverity(rule: Rule): string {
  return ruleSeverity(rule, true);
}

function turnover(rule: Rule): string {
  const bounds = describeTurnover(rule.aato);
  if (!bounds) return '';
  return rule.whenAatoUnknown === 'warn' ? `${bounds} (warns when aato is not given)` : `${bounds} (skipped when aato is not given)`;
}

/** Portal codes gstkit deliberately does not check, and why. */
export const uncheckedCodes: ReadonlyArray<{ code: string; why: string }> = [
  {
    code: 'IRP 2245',
    why: 'Listed as "ship-to state must equal POS for B2B", but the IRP sandbox registered B2B invoices whose ShipDtls.Stcd differed from BuyerDtls.Pos, and bill-to/ship-to supplies have the buyer\'s state as place of supply (IGST Act s.10(1)(b)). What the IRP checks under 2245 is not known; gstkit refuses nothing under it.',
  },
];

/** The markdown of docs/rules.md. */
export function rulesMarkdown(): string {
  const rules = allRules();
  const counts = new Map<string, number>();
  for (const { rule } of rules) {
    const key = `${rule.severity}|${evidenceKind(rule.evidence)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const lines: string[] = [
    '# Rules',
    '',
    '<!-- Generated from the rule tables in src/rules/ by `npm run docs:rules`. Do not edit. -->',
    '',
    'Every business rule gstkit applies after the JSON Schema, with the evidence behind it. The severity policy:',
    '',
    '- a rule backed by a portal (its code and a source) or by the service specification, whose certainty is',
    '  **certain** or **likely**, is an **error**: the portal refuses such documents;',
    "- an **own** rule (gstkit's judgement, nothing from a portal behind it) or an **uncertain** one is a",
    '  **warning**, and becomes an error with `validate(kind, doc, { strict: true })` (CLI `--strict`);',
    '- an advisory rule is a warning even in strict mode (documents that break it can be legitimate);',
    "- a limit of the specification's field tables that the portal's own published schema does not make (a unit",
    '  price with three decimals, a one-digit state code: the `*-SPEC-LIMITS` rules, SVC-315) is a **warning**,',
    '  and an error only with `strict`: the portal is the judge of what it accepts (docs/portal-schemas.md).',
    '',
    'A rule with `since`/`until` runs only when the date it compares with (the document date, or the reporting',
    'date where the portal uses that) falls in that range, both days included. A rule with turnover bounds runs',
    'only when `aato` (aggregate annual turnover in rupees) lies inside them.',
    '',
    '## Count',
    '',
    '| severity | portal evidence | specification | own |',
    '|---|---|---|---|',
    ...(['error', 'warning'] as const).map(
      (s) => `| ${s} | ${counts.get(`${s}|portal`) ?? 0} | ${counts.get(`${s}|spec`) ?? 0} | ${counts.get(`${s}|own`) ?? 0} |`,
    ),
    '',
    '## All rules',
    '',
    '| payload | rule | code | severity | strict | certainty | evidence | since | until | turnover | what it checks |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { kind, rule } of rules) {
    const dates = rule.dateBasis === 'reporting' ? ' (reporting date)' : '';
    lines.push(
      `| ${kind} | ${rule.id} | ${rule.code} | ${rule.severity}${rule.advisory ? ' (advisory)' : ''} | ${strictSeverity(rule)} | ${rule.certainty} | ${cell(describeEvidence(rule.evidence))} | ${rule.since ? rule.since + dates : ''} | ${rule.until ? rule.until + dates : ''} | ${cell(turnover(rule))} | ${cell(rule.description)} |`,
    );
  }
  lines.push('', '## Codes not checked', '', '| code | why |', '|---|---|', ...uncheckedCodes.map((c) => `| ${c.code} | ${cell(c.why)} |`), '');
  return lines.join('\n');
}
