/**
 * The walkthrough `gstkit serve` prints and the README shows: shell commands that run top to bottom
 * against a fresh server and exercise each part of the API once (an IRN with its QR and PDF, an
 * e-waybill, a GSTIN lookup, the seller's GSTIN connected to the GST portal by OTP, a GSTR-2B pull and its
 * Excel export, downloaded). The README's copy is
 * checked against this text and run in a test, so the two cannot drift.
 * @module
 */

/** What the commands are written for. */
export interface WalkthroughSettings {
  /** The server's address, e.g. `http://localhost:8080`. */
  url: string;
  /** `keyId:keySecret` for curl's `-u`. */
  auth: string;
  /** The company the key acts for (the Svc-Company header of the GSTR routes). */
  company: string;
  /** The folder of the example files, as the shell should see it. */
  examples: string;
}

/** The GSTIN of the bundled examples' seller: the pull and export act for it. */
const SELLER = '29AAGCK4821M1Z4';
const CONSIGNOR = '33AAHCT2290K1Z6';

/** The commands, one per line (comments start with #). */
export function walkthrough(s: WalkthroughSettings): string {
  const curl = `curl -sS --fail-with-body -u ${s.auth}`;
  const json = `-H 'content-type: application/json'`;
  const gstr = `-H 'Svc-Company: ${s.company}'`;
  return `EX=${s.examples}
API=${s.url}/api/svc
# 1. Register the bundled invoice: its IRN, signed QR code and PDF (saved as invoice.pdf).
${curl} ${json} --data @$EX/irn.json "$API/einvoice/generateirn?qrcode=yes&pdf=yes" -o irn-response.json
node -e "const r = require('./irn-response.json'); if (!r.EinvoicePdf) { for (const e of r.Errors || []) console.log(e.Code, e.Message, r.Irn ? 'IRN ' + r.Irn + ' AckNo ' + r.AckNo : ''); process.exit(1); } require('fs').writeFileSync('invoice.pdf', Buffer.from(r.EinvoicePdf, 'base64')); console.log('IRN', r.Irn, '-> invoice.pdf')"
# 2. An e-waybill for the bundled consignment.
${curl} ${json} --data @$EX/ewb.json "$API/einvoice/generateewaybill?gstin=${CONSIGNOR}"; echo
# 3. Look up a taxpayer.
${curl} "$API/gst/getgstin?gstin=${SELLER}"; echo
# 4. Connect the seller's GSTIN to the GST portal: ask for the OTP (the taxpayer's phone gets it; the sandbox's is always 575757), then send it.
${curl} ${gstr} ${json} -d '{"gstin":"${SELLER}","username":"kaveri_api"}' "$API/gst/otp"; echo
${curl} ${gstr} ${json} -d '{"gstin":"${SELLER}","otp":"575757"}' "$API/gst/connect"; echo
# 5. Pull GSTR-2B for October 2026, then export it to Excel: both are jobs; wait for each, then download the file.
job() { node -p "JSON.parse(require('fs').readFileSync(0, 'utf8')).jobId"; }
wait_job() { for i in $(seq 60); do s=$(${curl} ${gstr} "$API/robot/jobstatus/$1"); case $s in *'"jobStatus":100'*) echo "$s"; return 0;; *'"jobStatus":101'*) echo "$s"; return 1;; esac; sleep 1; done; return 1; }
PULL=$(${curl} ${gstr} ${json} --data @$EX/gstr-pull.json "$API/gstr2b/pull" | job); wait_job "$PULL"
EXPORT=$(${curl} ${gstr} ${json} -d '{"gstins":["${SELLER}"],"startReturnPeriod":"2026-10","endReturnPeriod":"2026-10"}' "$API/gstr2b/export" | job); wait_job "$EXPORT"
${curl} ${gstr} "$API/robot/jobfile/$EXPORT" -o gstr2b.xlsx && echo 'GSTR-2B -> gstr2b.xlsx'
`;
}
