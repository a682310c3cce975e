import { svcCodes } from './schema/codes.js';
import { allRules } from './rules/index.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The error-code catalogue (docs/error-codes.md), generated from the SVC table and the rule table. */
export function errorCodesMarkdown(): string {
  const lines: string[] = [
    '# Error codes',
    '',
    '<!-- Generated from src/schema/codes.ts and the rule tables in src/rules/ by `npm run docs:codes`. Do not edit. -->',
    '',
    'Every problem gstkit reports is an issue `{code, message, path, severity}`. `path` is a JSON Pointer into the',
    'payload. Where the government portal has a code for the same check, the issue carries that code (IRP codes',
    'such as `2172`, e-waybill portal codes such as `604`, the GSTR service codes `100`, `1000` and `2000`);',
    'field-level schema problems and checks without a portal code carry `SVC-nnn` codes.',
    '',
    '## Field-level codes (schema and tolerant reader)',
    '',
    '| code | title | when |',
    '|---|---|---|',
    ...Object.values(svcCodes).map((c) => `| ${c.code} | ${cell(c.title)} | ${cell(c.when)} |`),
    '| SVC-198 | Rule could not be applied | A business rule failed unexpectedly on this input (a defect in gstkit; please report it). The other checks still ran. |',
    '',
    '## Business rules',
    '',
    'Certainty says how sure we are that the portal applies the rule exactly so: **certain** (official source or',
    'checked against real portal responses), **likely** (one good source), **uncertain** (inferred; gstkit does',
    'what the portal most likely does).',
    '',
    '| payload | rule | code | severity | certainty | what it checks |',
    '|---|---|---|---|---|---|',
  ];
  for (const { kind, rule } of allRules()) {
    lines.push(`| ${kind} | ${rule.id} | ${rule.code} | ${rule.severity} | ${rule.certainty} | ${cell(rule.description)} |`);
  }
  lines.push('');
  return lines.join('\n');
}
