// The library path with no cast, compiled by .ci/smoke under strict, exactOptionalPropertyTypes and
// noUncheckedIndexedAccess against the installed package, then run: validate an invoice, complete its
// amounts, register it through a provider (the sandbox IRP, behind the IrpProvider port) and render its PDF;
// then validate an e-waybill, generate it and read it back through the EwbProvider port, render its PDF, and
// look up its consignee through the GstinRegistry port.
import { readFileSync, writeFileSync } from 'node:fs';
import { completeInvoice, validate, type EwbPayload, type IrnPayload } from 'gstkit';
import type { EwbProvider, EwbRecord, GstinDetails, GstinRegistry, IrpProvider, RegisteredIrn } from 'gstkit/ports';
import { renderEinvoicePdf, renderEwaybillPdf } from 'gstkit/render/pdf';
import { createSandbox } from 'gstkit/sandbox';

const sandbox = createSandbox({
  companies: { acme: ['29AAGCK4821M1Z4', '33AAHCT2290K1Z6'] },
  clock: { now: () => new Date('2026-11-14T10:00:00+05:30') },
});
const company = sandbox.companies.get('acme');
if (company === undefined) throw new Error('no company acme');
const irp: IrpProvider = sandbox.providers.irp;

const input: unknown = JSON.parse(readFileSync('node_modules/gstkit/docs/examples/irn.json', 'utf8'));
const checked = validate('irn', input, { today: '14/11/2026' });
if (!checked.ok) throw new Error(`invalid: ${checked.errors.map((e) => `${e.code} ${e.path}`).join(', ')}`);

const invoice: IrnPayload = completeInvoice(checked.value, { roundOff: 'rupee' });
const registered = await irp.generateIrn({ company }, invoice);
if (!registered.ok) throw new Error(`refused: ${registered.errors.map((e) => e.code).join(', ')}`);
const record: RegisteredIrn = registered.value;

const pdf = await renderEinvoicePdf(record, record.invoice);
if (!pdf.ok) throw new Error(`no PDF: ${pdf.errors.map((e) => e.code).join(', ')}`);
writeFileSync('flow.pdf', pdf.value);
console.log(`registered ${record.Irn.slice(0, 12)}... (${record.invoice.ItemList.length} lines) and rendered ${pdf.value.length} bytes of PDF`);

// The e-waybill side: the same types from validation to the provider and back, and the registry.
const ewb: EwbProvider = sandbox.providers.ewb;
const registry: GstinRegistry = sandbox.providers.registry;
const ewbInput: unknown = JSON.parse(readFileSync('node_modules/gstkit/docs/examples/ewb.json', 'utf8'));
const ewbChecked = validate('ewb', ewbInput, { today: '14/11/2026' });
if (!ewbChecked.ok) throw new Error(`invalid e-waybill: ${ewbChecked.errors.map((e) => `${e.code} ${e.path}`).join(', ')}`);
const request: EwbPayload = ewbChecked.value;
const generated = await ewb.generate({ company }, request.fromGstin, request);
if (!generated.ok) throw new Error(`e-waybill refused: ${generated.errors.map((e) => e.code).join(', ')}`);
const found = await ewb.get({ company }, request.fromGstin, generated.value.EwbNo);
if (!found.ok) throw new Error(`e-waybill not found: ${found.errors.map((e) => e.code).join(', ')}`);
const ewbRecord: EwbRecord = found.value;
const firstItem = ewbRecord.itemList?.[0];
const ewbPdf = await renderEwaybillPdf(ewbRecord);
if (!ewbPdf.ok) throw new Error(`no e-waybill PDF: ${ewbPdf.errors.map((e) => e.code).join(', ')}`);
const taxpayer = await registry.lookup(ewbRecord.toGstin);
if (!taxpayer.ok) throw new Error(`lookup refused: ${taxpayer.errors.map((e) => e.code).join(', ')}`);
const consignee: GstinDetails = taxpayer.value;
console.log(
  `e-waybill ${ewbRecord.ewbNo} (${ewbRecord.status}, first item HSN ${firstItem?.hsnCode ?? 'none'}) to ${consignee.LegalName} (${consignee.TaxPayerStatus}); ${ewbPdf.value.length} bytes of PDF`,
);
