import { svcCodes } from './schema/codes.js';
import { allRules } from './rules/index.js';
import { describeEvidence } from './rules/table.js';
import { ewbPortalCodes } from './masters/ewaybill-codes.js';
import { ewbMovementCodes } from './rules/ewaybill/movement-codes.js';
import { ewbActionCodes } from './rules/ewaybill/action-codes.js';

/** A code outside the schema table and the rule table, with where it comes from. */
export interface OtherCode {
  code: string;
  area: string;
  when: string;
}

/**
 * Codes of the renderers, the GSTR readers and jobs, the HTTP adapter, the sandbox and the HSN loader.
 * A test checks that every code those modules export appears here, so this table cannot fall behind.
 */
export const otherCodes: readonly OtherCode[] = [
  { code: 'SVC-501', area: 'QR image', when: 'The text does not fit any QR version at the error-correction level of the quality asked for.' },
  { code: 'SVC-502', area: 'QR image', when: 'An unknown image format or quality.' },
  { code: 'SVC-510', area: 'payment QR', when: 'The invoice is not B2C (TranDtls.SupTyp must be B2C for a payment QR).' },
  { code: 'SVC-511', area: 'payment QR', when: 'A field the UPI link needs is missing from the invoice (seller GSTIN, document number or date, total).' },
  { code: 'SVC-512', area: 'payment QR', when: 'The UPI ID is not of the form name@bank.' },
  { code: 'SVC-513', area: 'payment QR', when: 'The payee name, account number or IFSC is missing or malformed.' },
  { code: 'SVC-514', area: 'payment QR', when: 'An amount is negative, not a number or has more than 2 decimals.' },
  { code: 'SVC-515', area: 'payment QR', when: 'Nothing is left to pay after the part payment.' },
  { code: 'SVC-520', area: 'PDF', when: 'The record or invoice given to a PDF renderer is not an object.' },
  { code: 'SVC-521', area: 'PDF', when: 'The IRN record has no IRN.' },
  { code: 'SVC-522', area: 'PDF', when: 'The invoice has no items.' },
  { code: 'SVC-523', area: 'PDF', when: 'The e-waybill record has no e-waybill number.' },
  { code: 'SVC-524', area: 'PDF', when: 'The signed QR code is too long to draw.' },
  {
    code: 'SVC-525',
    area: 'PDF',
    when: 'A warning: a character no embedded font draws (outside Latin, Greek, Cyrillic and the nine Indian scripts) is printed as ?.',
  },
  { code: 'SVC-526', area: 'PDF', when: 'The trip sheet given to the trip sheet PDF renderer has no tripSheetNo.' },
  {
    code: 'SVC-530',
    area: 'compute',
    when: 'A warning of completeInvoiceWithGaps and `gstkit compute irn`: an amount cannot be derived because an input it needs is missing (a line without Qty and without TotAmt, a GstRt, an invoice without lines); it is left out, never set to 0. Send it, or the missing input.',
  },
  { code: 'SVC-601', area: 'GSTR readers', when: 'The input is not JSON, or not a JSON object.' },
  { code: 'SVC-602', area: 'GSTR readers', when: 'A section or block has the wrong shape (an object where a list belongs, ...).' },
  { code: 'SVC-603', area: 'GSTR readers', when: 'A field that identifies a document is missing or empty.' },
  { code: 'SVC-604', area: 'GSTR readers', when: 'An amount, rate or count is not a number.' },
  { code: 'SVC-605', area: 'GSTR readers', when: 'A date or period cannot be read.' },
  { code: 'SVC-606', area: 'GSTR readers', when: 'A section or key the reader does not know; it is skipped (warning).' },
  { code: 'SVC-607', area: 'GSTR readers', when: "The return's GSTIN or period is missing or invalid." },
  {
    code: 'SVC-610',
    area: 'purchase register CSV',
    when: 'The CSV has no header row, or the header lacks a required column (supplier_gstin, doc_type, doc_no, doc_date, taxable_value, igst, cgst, sgst, cess).',
  },
  { code: 'SVC-611', area: 'purchase register CSV', when: 'doc_type is not INV, CRN or DBN.' },
  { code: 'SVC-612', area: 'purchase register CSV', when: 'doc_date is not a DD/MM/YYYY date.' },
  { code: 'SVC-613', area: 'purchase register CSV', when: 'An amount column is not a number.' },
  {
    code: 'SVC-614',
    area: 'purchase register CSV',
    when: 'The supplier GSTIN is not of the GSTIN form (warning; the row is still reconciled, without PAN-level matching).',
  },
  { code: 'SVC-615', area: 'purchase register CSV', when: 'doc_no or supplier_gstin is empty.' },
  { code: 'SVC-640', area: 'GSTR-1', when: "The return's GSTIN or period (MMYYYY) is invalid." },
  { code: 'SVC-641', area: 'GSTR-1', when: 'A document is not an object with DocDtls (Typ INV, CRN or DBN; No; Dt) and ItemList; it is left out.' },
  { code: 'SVC-642', area: 'GSTR-1', when: "A document's seller GSTIN is not the return's GSTIN; it is left out." },
  { code: 'SVC-643', area: 'GSTR-1', when: 'A document date is not DD/MM/YYYY, or is after the return period; the document is left out.' },
  { code: 'SVC-644', area: 'GSTR-1', when: 'The same document type and number appears twice; the second is left out.' },
  { code: 'SVC-645', area: 'GSTR-1', when: 'A GST rate the portal does not accept.' },
  { code: 'SVC-646', area: 'GSTR-1', when: 'The place of supply is not a state or UT code (01-38, 96, 97).' },
  { code: 'SVC-647', area: 'GSTR-1', when: "A registered buyer's GSTIN fails its structure or check character." },
  { code: 'SVC-648', area: 'GSTR-1', when: 'A document number is longer than 16 characters or holds characters other than letters, digits, / and -.' },
  { code: 'SVC-649', area: 'GSTR-1', when: 'IGST on an intra-state supply or CGST/SGST on an inter-state one (warning).' },
  { code: 'SVC-650', area: 'GSTR-1', when: 'A B2CS or nil-rated total is negative after credit notes (warning).' },
  { code: 'SVC-651', area: 'GSTR-1', when: 'An HSN/SAC code is missing or shorter than 4 digits (warning).' },
  {
    code: 'SVC-652',
    area: 'GSTR-1',
    when: "An amendment lacks its original's number or date (error), or amends a B2CS or nil-rated supply, which is reported as monthly totals (warning); it is left out.",
  },
  {
    code: 'SVC-760',
    area: 'PDF',
    when: 'The logo given to the e-invoice or e-waybill PDF is not a PNG or JPEG that can be drawn (not bytes, cut short, corrupt, interlaced, 12-bit, or larger than 4096 pixels a side); the message says which.',
  },
  {
    code: 'SVC-761',
    area: 'e-waybill providers',
    when: 'The e-waybill request given to a provider (the sandbox portal or the NIC connector) is not an object, as a caller from plain JavaScript may pass.',
  },
  { code: '100', area: 'GSTR routes and jobs', when: 'The export range is longer than 24 months (HTTP 400, Svc-ErrorCode 100).' },
  { code: '1000', area: 'GSTR routes and jobs', when: 'Required request fields are missing or invalid (HTTP 400, Svc-ErrorCode 1000).' },
  { code: '1001', area: 'GSTR jobs', when: 'An export found nothing stored for any of its GSTINs and periods (pull them first). Not in the specification.' },
  { code: '2000', area: 'GSTR routes and jobs', when: 'The GSTIN is not connected to the GST portal through OTP (HTTP 400, Svc-ErrorCode 2000).' },
  { code: 'SVC-901', area: 'HTTP', when: 'A required query parameter is missing.' },
  { code: 'SVC-902', area: 'HTTP', when: 'A query parameter has a value outside its list or format (pdf, qrcode, qrcodeformat, dates, ...).' },
  { code: 'SVC-903', area: 'HTTP', when: 'The request body is not JSON.' },
  { code: 'SVC-904', area: 'HTTP', when: 'The request body is larger than the configured limit (HTTP 413).' },
  {
    code: 'SVC-905',
    area: 'HTTP',
    when: 'A text or key of the body holds a NUL character (the JSON escape `\\u0000`): PostgreSQL cannot keep it, and the portals are taken to refuse it too (HTTP 400).',
  },
  { code: 'SVC-906', area: 'HTTP', when: 'No route has this path (HTTP 404).' },
  { code: 'SVC-907', area: 'HTTP', when: 'The route exists but not for this method, or the method is one no route serves (TRACE): HTTP 405 with Allow.' },
  {
    code: 'SVC-908',
    area: 'HTTP',
    when: 'The URL cannot be read: a malformed percent-escape in the path (`%E0%A4%A`), or a Host header that is not a host name (HTTP 400).',
  },
  {
    code: 'SVC-909',
    area: 'HTTP',
    when: "gstkit is mounted under a framework prefix (Express app.use, a Fastify plugin prefix, Hono app.route) that its handler's basePath does not name (HTTP 500): build the handler with that basePath. With Fastify it is thrown at registration.",
  },
  { code: 'SVC-920', area: 'sandbox e-waybill portal', when: "The caller's GSTIN is neither party of the e-waybill." },
  { code: 'SVC-921', area: 'sandbox e-waybill portal', when: 'A closed e-waybill cannot be cancelled.' },
  { code: 'SVC-922', area: 'sandbox e-waybill portal', when: 'The e-waybill is already closed.' },
  { code: 'SVC-923', area: 'sandbox e-waybill portal', when: 'The closure date is before the generation date or after today.' },
  { code: 'SVC-924', area: 'sandbox e-waybill portal', when: 'Cancellation asked for more than 24 hours after generation.' },
  {
    code: 'SVC-925',
    area: 'sandbox e-waybill portal',
    when: "The e-waybill was already rejected by the other party (the portal's own code for a second rejection is not known).",
  },
  { code: 'SVC-940', area: 'HTTP', when: 'No or bad credentials (HTTP 401).' },
  { code: 'SVC-943', area: 'HTTP', when: 'The company may not act for this GSTIN, or Svc-Company names another company (HTTP 403).' },
  { code: 'SVC-950', area: 'HTTP', when: 'Something unforeseen failed inside the service (HTTP 500).' },
  {
    code: 'SVC-951',
    area: 'HTTP',
    when: 'A provider (portal, queue) could not be reached, the database or the job queue (Redis) is unreachable or did not answer within its deadline, or the in-memory job runner holds as many jobs as it may, none finished (HTTP 503 with Retry-After).',
  },
  { code: 'SVC-952', area: 'HTTP', when: 'No such job for this company (HTTP 404).' },
  { code: 'SVC-953', area: 'HTTP', when: 'The job has no file: not finished, or not an export.' },
  { code: 'SVC-954', area: 'HTTP', when: 'No UPI payee is configured for the seller GSTIN.' },
  { code: 'SVC-955', area: 'HTTP', when: 'The provider this route needs is not configured in the host.' },
  { code: 'SVC-956', area: 'HTTP', when: 'A job was interrupted (its server or worker stopped) more times than it may be retried; submit it again.' },
  {
    code: 'SVC-957',
    area: 'HTTP',
    when: "The store's disk is full (HTTP 507): nothing was written; reads still work. A job that could not write ends failed with it. Free disk space where the database keeps its data.",
  },
  {
    code: 'SVC-958',
    area: 'jobs',
    when: "A job's secret (a GSTR-1 filing's EVC OTP, queued sealed) was sealed under a key this process does not have: give every server and worker the same GSTKIT_SESSION_KEY, and send the OTP again.",
  },
  {
    code: 'SVC-960',
    area: 'NIC connectors',
    when: 'The portal could not be reached, or kept failing (5xx, timeouts, dropped connections) through every retry (HTTP 503).',
  },
  { code: 'SVC-961', area: 'NIC connectors', when: "The connector's settings are unusable: the public key, the base URL, the client id or secret." },
  {
    code: 'SVC-962',
    area: 'NIC connectors',
    when: 'The portal answered outside the protocol: not JSON, a wrong envelope, data that cannot be decrypted, an HMAC that does not match (HTTP 502).',
  },
  { code: 'SVC-963', area: 'NIC connectors', when: 'No portal credentials are configured for the GSTIN (HTTP 403).' },
  { code: 'SVC-964', area: 'NIC connectors', when: "The portal's API has no such action: NIC offers no taxpayer close of an e-waybill (HTTP 501)." },
  {
    code: 'SVC-965',
    area: 'NIC connectors',
    when: "The portal refused the login without a code of its own (HTTP 502). Refusals with a code keep the portal's code (1008, 1013, 108, ...).",
  },
  {
    code: 'SVC-980',
    area: 'GST portal connector',
    when: 'The GST portal (or the GSP before it) could not be reached, or kept failing (5xx, timeouts, dropped connections) through every retry (HTTP 503).',
  },
  {
    code: 'SVC-981',
    area: 'GST portal connector',
    when: "The connector's settings are unusable: the GSP's address, the client id or secret, GSTN's public key.",
  },
  {
    code: 'SVC-982',
    area: 'GST portal connector',
    when: 'The portal answered outside the protocol: not JSON, data that cannot be decrypted, an HMAC that does not match (HTTP 502).',
  },
  {
    code: 'SVC-983',
    area: 'GST portal connector',
    when: "A large file's part kept failing its SHA-256 check after one more download, or is not a readable archive.",
  },
  {
    code: 'SVC-984',
    area: 'GST portal connector',
    when: 'An OTP was given for a GSTIN with no OTP request waiting (none was asked, or it lapsed): ask for the OTP again.',
  },
  { code: 'SVC-985', area: 'GST portal connector', when: 'An answer of the portal is larger than the connector accepts.' },
  {
    code: 'SVC-970',
    area: 'HTTP server',
    when: 'The request line and headers, the URL with them, are larger than the server accepts (HTTP 431; `maxHeaderSize`, default 16 KiB).',
  },
  {
    code: 'SVC-971',
    area: 'HTTP server',
    when: 'The client did not send its headers (default 10 s) or its whole request (default 30 s) in time (HTTP 408; the connection is closed).',
  },
  {
    code: 'SVC-972',
    area: 'HTTP server',
    when: 'The server is serving its limit of open connections (HTTP 503 with Retry-After; `maxConnections`, default 1000).',
  },
  { code: 'SVC-973', area: 'HTTP server', when: 'The request is not well-formed HTTP/1.1, so no route could be found (HTTP 400).' },
  {
    code: 'SVC-974',
    area: 'HTTP',
    when: 'The API key made more requests than its limit allows in the current window, or the client address sent more sales inquiries or refused credentials than its limits allow (HTTP 429 with Retry-After in seconds; on /api/deal in the Svc-ErrorCode header).',
  },
  { code: 'HSN-001', area: 'HSN master loader', when: 'The file cannot be read, or is not an xlsx workbook.' },
  { code: 'HSN-002', area: 'HSN master loader', when: 'The workbook has neither an HSN_MSTR nor a SAC_MSTR sheet.' },
  { code: 'HSN-003', area: 'HSN master loader', when: 'The file is not a compact HSN master.' },
  { code: 'HSN-004', area: 'HSN master loader', when: 'No code could be read from the file.' },
  { code: 'HSN-010', area: 'HSN master loader', when: 'A row without a usable code was skipped (warning).' },
  { code: 'HSN-011', area: 'HSN master loader', when: 'A code with stray characters or a lost leading zero was repaired (warning).' },
  { code: 'HSN-012', area: 'HSN master loader', when: 'A code repeated in the file; the first row is kept (warning).' },
  { code: 'HSN-013', area: 'HSN master loader', when: 'One of the two sheets is missing (warning).' },
  { code: 'HSN-020', area: 'HSN master loader', when: 'The compact file could not be written.' },
];

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
    'Evidence is where the rule comes from: the portal and its code with the source, the specification, or `own`;',
    'severity follows from it (see [rules.md](rules.md), which also gives the dates and turnover bounds).',
    '',
    '| payload | rule | code | severity | certainty | evidence | what it checks |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const { kind, rule } of allRules()) {
    lines.push(
      `| ${kind} | ${rule.id} | ${rule.code} | ${rule.severity} | ${rule.certainty} | ${cell(describeEvidence(rule.evidence))} | ${cell(rule.description)} |`,
    );
  }
  lines.push(
    '',
    '## Other codes (renderers, GSTR, HTTP adapter, sandbox, HSN loader)',
    '',
    "The sandbox also answers with the portals' own codes where a portal refuses the same thing (2150 duplicate",
    'IRN, 2270 cancel window, 2230 IRN with an active e-waybill, 715-717 blocked GSTIN, ...).',
    '',
    '| code | area | when |',
    '|---|---|---|',
    ...otherCodes.map((c) => `| ${c.code} | ${c.area} | ${cell(c.when)} |`),
    '',
    '## E-waybill actions after generation (sandbox portal)',
    '',
    'What the sandbox answers updatevehicle, updatetransporter, extendvalidity and rejectewb with when the stored',
    'e-waybill does not allow the action (the request rules are in the table above; docs/ewaybill-actions.md explains',
    'each action). Certainty is how sure we are that the e-waybill portal refuses the same way.',
    '',
    '| code | actions | when | certainty | source |',
    '|---|---|---|---|---|',
    ...ewbActionCodes.map((c) => `| ${c.code} | ${c.actions} | ${cell(c.when)} | ${c.certainty} | ${cell(c.source)} |`),
    '',
    '## Consolidated e-waybills and multi-vehicle movement (sandbox portal)',
    '',
    'What the sandbox answers the trip sheet and multi-vehicle actions with when the stored e-waybills do not allow',
    'them (the request rules are in the table above; docs/ewaybill-actions.md explains each action).',
    '',
    '| code | actions | when | certainty | source |',
    '|---|---|---|---|---|',
    ...ewbMovementCodes.map((c) => `| ${c.code} | ${c.actions} | ${cell(c.when)} | ${c.certainty} | ${cell(c.source)} |`),
    '',
    '## E-waybill portal codes of the actions and rules gstkit does not check itself',
    '',
    'Codes the e-waybill portal answers with that no gstkit rule gives (or that a rule of 2024-2025 introduced),',
    'so that a response carrying them can be read. Meanings are paraphrased; each row names its source.',
    '',
    '| code | family | meaning | source |',
    '|---|---|---|---|',
    ...ewbPortalCodes.map((c) => `| ${c.code} | ${c.family} | ${cell(c.meaning)} | ${cell(c.source)} |`),
    '',
  );
  return lines.join('\n');
}
