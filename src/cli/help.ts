/**
 * The command line's help texts: `gstkit help`, `gstkit help <command>` and `gstkit <command> --help`
 * print them on standard output and exit 0.
 * @module
 */
import { readFileSync } from 'node:fs';
import { packageFile } from '../package-files.js';
import { requestKinds } from '../kinds.js';

/** Usage of each command, as printed by `gstkit <command> --help`. */
export const commandHelp: Readonly<Record<string, string>> = {
  validate: `usage: gstkit validate <kind> <file|-> [--today DD/MM/YYYY] [--hsn-master FILE] [--aato RUPEES]
                       [--irp IRP1..IRP6] [--environment sandbox|production] [--strict]
                       [--coercions summary|each|silent]

Checks a payload the way the portals check it and prints {"ok","errors","warnings"} as JSON.
Exit 0 when valid, 1 when invalid, 2 on misuse.

  <kind>             ${wrapList([...requestKinds, 'or a response kind (irn-record, ...)'], 83, '                     ')}
  <file|->           the JSON file, or - for standard input
  --today DD/MM/YYYY the date the date rules compare against (default: today in India)
  --hsn-master FILE  a compact HSN/SAC master written by \`gstkit masters import-hsn\`
  --aato RUPEES      the seller's aggregate annual turnover, for the rules that depend on it
  --irp IRP1..IRP6   the IRP the invoice goes to
  --environment      sandbox or production (rules that differ between them)
  --strict           gstkit's own and uncertain rules refuse instead of warn
  --coercions        how values sent as another type (amounts as text) are reported: summary (one
                     warning per field, with a count; the default), each (one per value) or silent`,
  normalize: `usage: gstkit normalize <kind> <file|->

Prints the canonical payload: every accepted spelling and key case resolved to the NIC schema.`,
  compute: `usage: gstkit compute irn <file|->

Prints the IRN request with every derivable amount filled in (line amounts, tax split, totals).
A missing input is never read as 0: an amount that needs one (TotAmt of a line without Qty, and
what follows from it) is left as sent, or left out and named on stderr (SVC-530); then exit 1.`,
  render: `usage: gstkit render <what> <file|-> [options] > output

  qr <file|-> [--format png|jpeg|gif] [--quality standard|high]
      the QR image of an IRN record's SignedQRCode (or of the input text)
  einvoice-pdf <irn-record.json> [--invoice FILE] [--logo FILE] [--terms TEXT]
      the e-invoice PDF; --invoice gives the invoice when the record has no readable SignedInvoice,
      --logo a PNG or JPEG drawn in the header, --terms the terms printed (a literal \\n breaks a line)
  ewaybill-pdf <ewb-detail.json> [--logo FILE]
      the e-waybill PDF, with a PNG or JPEG logo in the header

The bytes are written to standard output: redirect them to a file.`,
  serve: `usage: gstkit serve [--port N] [--host H]

Runs the reference HTTP server on the built-in sandbox and prints a demo API key and curl commands.
It serves the page at / (gstkit playground --out writes the same page as static files).
The demo key is printed only when the server listens on loopback (127.0.0.1, ::1, localhost).

  --host H               address to listen on; 0.0.0.0 or :: for every interface (then set
                         GSTKIT_API_KEYS: the demo key is not printed); default 127.0.0.1

Environment variables:
  PORT                   port to listen on (--port overrides it); default 8080
  HOST                   address to listen on (--host overrides it); default 127.0.0.1
  GSTKIT_HEADERS_TIMEOUT_MS   time a client has to send its request headers; default 10000 (408 SVC-971)
  GSTKIT_REQUEST_TIMEOUT_MS   time a client has to send its whole request; default 30000 (408 SVC-971)
  GSTKIT_KEEPALIVE_TIMEOUT_MS how long an idle keep-alive connection stays open; default 5000
  GSTKIT_MAX_CONNECTIONS      connections served at once, more get 503 SVC-972; default 1000
  GSTKIT_MAX_CONNECTIONS_PER_ADDRESS
                              connections served at once from one client address (an IPv6 /64), more
                              get 503 SVC-972; default 100 (GSTKIT_MAX_CONNECTIONS behind
                              GSTKIT_TRUSTED_PROXIES, where every connection comes from the proxy)
  GSTKIT_MAX_HEADER_SIZE      largest request line and headers in bytes, more get 431 SVC-970;
                              default 16384
  GSTKIT_RATE_LIMIT           requests each API key may make, as REQUESTS/SECONDS, or off; more get
                              429 SVC-974 with Retry-After; default 1200/60. Counted in Redis with
                              REDIS_URL, in PostgreSQL with DATABASE_URL, else in memory
  GSTKIT_KEY_RATE_LIMITS      limits of particular keys: keyId:REQUESTS/SECONDS,keyId2:off
  GSTKIT_INQUIRY_RATE_LIMIT   sales inquiries (POST /api/deal) each client address may send, as
                              REQUESTS/SECONDS or off; more get 429 SVC-974; default 20/3600
  GSTKIT_FAILED_LOGIN_LIMIT   refused credentials each client address may send, or off; then every
                              request with credentials from it gets 429 SVC-974 until the window
                              ends; default 30/300
  GSTKIT_TRUSTED_PROXIES      proxies in front of the server whose X-Forwarded-For is believed for
                              the client address; default 0 (the header is ignored)
  GSTKIT_AUDIT_RETENTION_DAYS days the audit log keeps an entry, or off; default 2190
  GSTKIT_SCHEDULE_POLL_MS     how often due schedules (POST /api/svc/schedules) are looked for, in ms;
                              default 30000
  GSTKIT_WEBHOOK_TIMEOUT_MS   how long one webhook delivery attempt may take, in ms; default 10000
  GSTKIT_WATCH_POLL_MS        how often the watch pass looks for events coming due, in ms; default 300000
  GSTKIT_WEBHOOK_ALLOW_PRIVATE
                              1 lets webhooks reach loopback and private addresses, over http too
                              (tests, a receiver on the same network); default off
  GSTKIT_WEBHOOK_ALLOW_HTTP   1 lets webhooks use plain http to public addresses; default off
  GSTKIT_BULK_RATE            documents a bulk job sends each GSTIN's portal, REQUESTS/SECONDS or
                              off, counted where the rate limits are; default off on the sandbox,
                              5/1 with GSTKIT_PROVIDER=nic
  GSTKIT_PDF_LOGO        a PNG or JPEG file drawn in the header of the e-invoice and e-waybill PDFs
  GSTKIT_PDF_TERMS       terms printed on the e-invoice PDF (a literal \\n breaks a line)
  GSTKIT_API_KEYS        comma-separated keyId:keySecret:companyId entries for HTTP Basic auth:
                         the only keys this server accepts (see gstkit keys to revoke one on every
                         server at once); default: one demo key, generated and printed at start
  GSTKIT_COMPANY_GSTINS  company:GSTIN,GSTIN;company2:GSTIN gives each company its own GSTINs
                         (a plain comma list goes to the first company of GSTKIT_API_KEYS);
                         default: the parties of the bundled examples, printed at start.
                         GSTKIT_SANDBOX_GSTINS is its older name, still read
  GSTKIT_COMPANY_AATO    company:RUPEES;company2:RUPEES, each company's aggregate annual turnover,
                         for the turnover-bound rules (30-day reporting limit 2305, HSN digits)
  GSTKIT_DATA_DIR        folder of the embedded PGlite store; default ./.gstkit-data
  DATABASE_URL           a PostgreSQL connection string: the store lives there instead
                         (install the optional package pg)
  REDIS_URL              a Redis connection string: jobs go on a BullMQ queue and gstkit worker
                         processes run them (needs DATABASE_URL; install bullmq and ioredis)
  GSTKIT_QUEUE           the BullMQ queue name; default gstkit-jobs
  GSTKIT_JOB_THREADS     worker threads for GSTR pulls and exports, and as many for the PDFs of
                         pdf=yes; default 2 (0 runs them on the serving thread)
  TURNSTILE_SECRET       Cloudflare Turnstile secret for the sales inquiry (POST /api/deal)
  TURNSTILE_VERIFY_URL   the siteverify address; default Cloudflare's
  TURNSTILE_HOSTNAMES    comma list of the sites whose captcha answers are accepted; default any
  CRM_WEBHOOK_URL        where an accepted inquiry is forwarded
  CRM_WEBHOOK_TOKEN      the bearer token sent with it
  GSTKIT_PROVIDER        sandbox (default) or nic: NIC's live e-invoice and e-waybill APIs instead
                         of the sandbox, with NIC_EINVOICE_URL, NIC_EWB_URL, NIC_CLIENT_ID,
                         NIC_CLIENT_SECRET, NIC_PUBLIC_KEY_FILE and NIC_CREDENTIALS_FILE (the company's
                         GSTINs are its keys); see docs/connectors.md
  GSTKIT_GST_PORTAL      sandbox (default) or gstn: the live GST portal behind the GSTR, IMS and
                         GSTR-1 routes, with GSTN_URL, GSTN_CLIENT_ID, GSTN_CLIENT_SECRET,
                         GSTN_PUBLIC_KEY_FILE and optionally GSTN_IP_USR; see docs/connectors.md
  GSTKIT_SESSION_KEY     with nic or gstn: 32 bytes (64 hex digits or base64) that encrypt the portal
                         sessions kept in the store, so all servers on it share one login per GSTIN; unset,
                         each process keeps its own sessions in memory. It also seals a GSTR-1
                         filing's EVC OTP in its queued job, so give workers the same key
  GSTKIT_SESSION_KEY_PREVIOUS
                         with nic: earlier keys, comma-separated, same forms; sessions sealed under
                         them are read (never written), so a key change costs no login. To change
                         the key on a running fleet: (1) deploy with the new key here, the old one
                         still current; (2) deploy the new key as GSTKIT_SESSION_KEY and the old
                         one here; (3) once every server runs step 2 and a session's lifetime (6
                         hours for NIC) has passed, remove this setting`,
  reconcile: `usage: gstkit reconcile <purchases.csv> <gstr2b.json>... [--out report.xlsx] [--json]
                        [--tolerance RUPEES] [--tolerance-percent P] [--date-window DAYS] [--no-pan-level] [--greedy]
                        [--ims-out FILE [--ims-period YYYY-MM]]

Reconciles the purchase register with one or more GSTR-2B files and prints the counts by status.
Exit 0 when it ran, 1 when an input could not be read, 2 on misuse.

  <purchases.csv>        header with supplier_gstin,doc_type,doc_no,doc_date,taxable_value,igst,cgst,sgst,cess
                         (doc_type INV, CRN, DBN or BOE; doc_date DD/MM/YYYY; an optional port_code
                         for bills of entry); other columns are kept
  <gstr2b.json>...       GSTR-2B files as the API or the portal's JSON download gives them
  --out FILE             the workbook: summary by supplier, then one row per reconciled pair
  --json                 {"rows": [...]} on standard output instead of the counts
  --tolerance RUPEES     amount tolerance per head (default 1)
  --tolerance-percent P  a percentage tolerance per head, whichever is wider (default 0)
  --date-window DAYS     dates that may differ in the date-window and residual passes (default 10)
  --no-pan-level         do not match across a supplier's other registrations
  --greedy               pair first fit, the passes in order, instead of the least-cost pairing
  --ims-out FILE         the IMS Offline Tool's upload JSON of the suggested actions (one recipient)
  --ims-period YYYY-MM   the GSTR-2B period it acts on, when the files span several`,
  gstr1: `usage: gstkit gstr1 <documents.json|-> --gstin GSTIN --period MMYYYY [--amendments FILE]
       gstkit gstr1 compare <books.json> <portal.json> [--gstin GSTIN --period MMYYYY] [--tolerance RUPEES]

Prints GSTR-1 in the GSTN offline tool's JSON, built from a JSON array of IRN request payloads (B2C sales in
the same shape with BuyerDtls.Gstin URP). The pre-upload checks go to standard error.
Exit 0 when no check is an error, 1 otherwise, 2 on misuse.

  --gstin GSTIN       the return's GSTIN (the documents' seller)
  --period MMYYYY     the return period (YYYY-MM is read too)
  --amendments FILE   a JSON array of {document, originalNumber, originalDate} for b2ba, cdnra, ...`,
  gstr3b: `usage: gstkit gstr3b --gstin GSTIN --period MMYYYY --sales DOCS.json [--sales-register FILE.csv]
                     --gstr2b FILE.json [--ims FILE.json] [--purchases FILE.csv] [--json] [--out FILE.xlsx]

Computes GSTR-3B (tables 3.1, 3.1.1, 3.2, 4 and 5) for one GSTIN and month and prints each cell with the
number of documents behind it. Refused inputs and the checks before filing go to standard error.
Exit 0 when no input was refused, 1 otherwise, 2 on misuse.

  --sales FILE           a JSON array of the month's e-invoices (IRN request payloads, IRN records, or
                         {invoice, cancelled}); cancelled ones are left out
  --sales-register FILE  what is not e-invoiced: doc_type,doc_no,doc_date,nature,buyer_gstin,buyer_type,pos,
                         taxable_value,igst,cgst,sgst,cess (nature taxable, zero-rated, nil, exempt, non-gst,
                         eco-operator or eco-supplier)
  --gstr2b FILE          the month's GSTR-2B as the API or the portal's JSON download gives it
  --ims FILE             IMS actions (the IMS inbox's records with action A, R or P)
  --purchases FILE       the purchase register (as gstkit reconcile reads it): reconciled against the 2B, and
                         its nature and itc_blocked columns read for table 5, 3.1(d) and 4(B)(1)
  --json                 the save JSON (sup_details, inter_sup, itc_elg, ...) instead of the cells
  --out FILE             the workbook: every amount of the summary opens the documents that make it up`,
  masters: `usage: gstkit masters import-hsn <HSN_SAC.xlsx> --out FILE

Reads the government's HSN/SAC workbook and writes a compact master for --hsn-master and useHsnMaster().
Needs the optional package exceljs: npm install exceljs`,
  keys: `usage: gstkit keys revoke <keyId>... | restore <keyId>... | revoked

Each server accepts exactly the API keys of its own GSTKIT_API_KEYS: a key removed there is refused once
that server restarts. A revocation is kept in the store and refused by every server on it within 5 seconds,
restarted or not, whatever its GSTKIT_API_KEYS say.

  revoke <keyId>...      refuse these key ids on every server of the store
  restore <keyId>...     lift their revocation (servers whose GSTKIT_API_KEYS name them accept them again)
  revoked                list the revoked key ids and when they were revoked

Environment variables: DATABASE_URL, or GSTKIT_DATA_DIR for the embedded store, as for gstkit serve (one
process owns an embedded store: run this while its server is stopped).`,
  worker: `usage: gstkit worker [--concurrency N]

Runs the GSTR jobs that gstkit serve processes put on the BullMQ queue, against their shared store.
Start any number beside any number of servers, with the same environment.

  --concurrency N        jobs at once in this worker; default 2

Environment variables:
  DATABASE_URL           the PostgreSQL store the servers use (required)
  REDIS_URL              the Redis the servers queue jobs on (required)
  GSTKIT_QUEUE           the BullMQ queue name; default gstkit-jobs
  GSTKIT_API_KEYS        as for gstkit serve: the companies
  GSTKIT_COMPANY_GSTINS  as for gstkit serve: each company's GSTINs
  GSTKIT_GST_PORTAL      as for gstkit serve, with the GSTN_* settings and GSTKIT_SESSION_KEY
  GSTKIT_SESSION_KEY     the servers' key: it opens the EVC OTP a GSTR-1 filing job carries sealed`,
  playground: `usage: gstkit playground --out DIR

Writes the page that \`gstkit serve\` shows at / as static files in DIR (new or empty): drop an
e-invoice or e-waybill JSON to see it judged, its QR code and PDF, or a purchase register and a
GSTR-2B to see them reconciled. Everything runs in the browser; nothing is uploaded. Host DIR on any
web server over https (or open it from localhost); browsers refuse its scripts from file://.`,
};

/** Every command's usage line and what it does in a few words: the overview, and README's list. */
export const commandLines: ReadonlyArray<{ usage: string; does: string }> = [
  {
    usage:
      'validate <kind> <file|-> [--today DD/MM/YYYY] [--hsn-master FILE] [--aato RUPEES] [--irp IRP1..IRP6]\n         [--environment sandbox|production] [--strict] [--coercions summary|each|silent]',
    does: 'JSON result; exit 0 valid, 1 invalid, 2 misuse',
  },
  { usage: 'normalize <kind> <file|->', does: 'the canonical payload' },
  { usage: 'compute irn <file|->', does: 'the invoice with every derivable amount filled in (exit 1: some could not be)' },
  { usage: 'render qr <file|-> [--format png|jpeg|gif] [--quality standard|high]', does: 'the QR image of a signed QR code' },
  { usage: 'render einvoice-pdf <irn-record.json> [--invoice FILE] [--logo FILE] [--terms TEXT]', does: 'the e-invoice PDF' },
  { usage: 'render ewaybill-pdf <ewb-detail.json> [--logo FILE]', does: 'the e-waybill PDF' },
  { usage: 'serve [--port N] [--host H]', does: 'the reference server (the sandbox unless told otherwise), with the page at /' },
  { usage: 'worker [--concurrency N]', does: 'runs queued jobs beside the servers (BullMQ on Redis)' },
  { usage: 'keys revoke <keyId>... | restore <keyId>... | revoked', does: 'API-key revocation on every server of the store' },
  { usage: 'reconcile <purchases.csv> <gstr2b.json>... [--out report.xlsx] [--json]', does: 'purchase register against GSTR-2B' },
  { usage: 'gstr1 <documents.json|-> --gstin GSTIN --period MMYYYY [--amendments FILE]', does: 'GSTR-1 JSON from e-invoices' },
  { usage: 'gstr1 compare <books.json> <portal.json> [--tolerance RUPEES]', does: "the books' GSTR-1 against the portal's, per document" },
  {
    usage:
      'gstr3b --gstin GSTIN --period MMYYYY --sales DOCS.json [--sales-register FILE.csv] --gstr2b FILE.json\n         [--ims FILE.json] [--purchases FILE.csv] [--json] [--out FILE.xlsx]',
    does: 'GSTR-3B computed, with a drill-down workbook',
  },
  { usage: 'masters import-hsn <HSN_SAC.xlsx> --out FILE', does: 'a compact HSN/SAC master from the official workbook' },
  { usage: 'playground --out DIR', does: 'the page (documents judged, reconciliation) as static files to host' },
];

/** The overview printed by `gstkit help`. */
export function overview(): string {
  const commands = commandLines.map(({ usage }) => `  ${usage.replace(/\n/g, '\n  ')}`).join('\n');
  return `usage: gstkit <command> [arguments]

Commands:
${commands}

  gstkit help <command>     the usage of one command (same as gstkit <command> --help)
  gstkit --version          the version of gstkit`;
}

/** Names wrapped to lines of at most `width` characters, each line indented by `indent`. */
export function wrapList(names: readonly string[], width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const name of names) {
    const next = line === '' ? name : `${line}, ${name}`;
    if (next.length + 1 > width && line !== '') {
      lines.push(`${line},`);
      line = name;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : indent + l)).join('\n');
}

/** The installed package's version. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}

/** True when the arguments ask for help (`--help` or `-h` anywhere). */
export function asksForHelp(args: readonly string[]): boolean {
  return args.includes('--help') || args.includes('-h');
}
