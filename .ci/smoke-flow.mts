// The library path with no cast, compiled by .ci/smoke under strict, exactOptionalPropertyTypes and
// noUncheckedIndexedAccess against the installed package, then run: validate an invoice, complete its
// amounts, register it through a provider (the sandbox IRP, behind the IrpProvider port) and render its PDF.
import { readFileSync, writeFileSync } from 'node:fs';
import { completeInvoice, validate, type IrnPayload } from 'gstkit';
import type { IrpProvider, RegisteredIrn } from 'gstkit/ports';
import { renderEinvoicePdf } from 'gstkit/render/pdf';
import { createSandbox } from 'gstkit/sandbox';

const sandbox = createSandbox({
  companies: { acme: ['29AAGCK4821M1Z4'] },
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
