import { invoiceInSignedInvoice } from '../compute/signed-invoice.js';
import { isPlainObject } from '../json.js';
import type { EinvoicePdfRecord, EwaybillPdfDetail } from '../render/pdf/index.js';
import type { IrnPayload } from '../types/payloads.js';
import { parseOptions, readInput, readJson, UsageError, writeOut } from './io.js';

const usage = 'usage: gstkit render qr|einvoice-pdf|ewaybill-pdf <file|-> [options]';

/** `gstkit render qr|einvoice-pdf|ewaybill-pdf ...`: image or PDF bytes on standard output. */
export async function renderCommand(args: readonly string[]): Promise<number> {
  const [what, ...rest] = args;
  if (what === 'qr') return renderQr(rest);
  if (what === 'einvoice-pdf') return renderEinvoice(rest);
  if (what === 'ewaybill-pdf') return renderEwaybill(rest);
  throw new UsageError(usage);
}

/**
 * The text to encode: the SignedQRCode of an IRN record given as JSON, otherwise the input text itself
 * (without its final newline).
 */
async function renderQr(args: readonly string[]): Promise<number> {
  const { positional, options } = parseOptions(args, ['format', 'quality']);
  const format = options.get('format') ?? 'png';
  const quality = options.get('quality') ?? 'high';
  if (format !== 'png' && format !== 'jpeg' && format !== 'gif') throw new UsageError('--format must be png, jpeg or gif');
  if (quality !== 'standard' && quality !== 'high') throw new UsageError('--quality must be standard or high');
  const text = qrText(readInput(positional[0]).toString('utf8'));
  const { tryQrImage } = await import('../render/qr/index.js');
  const image = tryQrImage(text, { format, quality });
  if (!image.ok) throw new UsageError(image.errors.map((e) => e.message).join('; '));
  await writeOut(image.value);
  return 0;
}

function qrText(input: string): string {
  try {
    const parsed: unknown = JSON.parse(input);
    if (isPlainObject(parsed) && typeof parsed.SignedQRCode === 'string') return parsed.SignedQRCode;
  } catch {
    // not JSON: the text itself is encoded
  }
  return input.replace(/\r?\n$/, '');
}

/** `--logo FILE`: the file's bytes for the PDF, which answers SVC-760 when they are not a PNG or JPEG it can draw. */
function logoOption(file: string | undefined): { logo?: Uint8Array } {
  return file === undefined ? {} : { logo: new Uint8Array(readInput(file)) };
}

/** The invoice inside the SignedInvoice of an IRN record, when it can be read. */
function invoiceFromSignedInvoice(record: unknown): unknown {
  return isPlainObject(record) ? invoiceInSignedInvoice(record['SignedInvoice']) : undefined;
}

async function renderEinvoice(args: readonly string[]): Promise<number> {
  const { positional, options } = parseOptions(args, ['invoice', 'logo', 'terms']);
  const record = readJson(positional[0]);
  const invoiceFile = options.get('invoice');
  const invoice = invoiceFile !== undefined ? readJson(invoiceFile) : invoiceFromSignedInvoice(record);
  if (invoice === undefined) throw new UsageError('the IRN record carries no readable SignedInvoice: give the invoice with --invoice FILE');
  const { renderEinvoicePdf } = await import('../render/pdf/index.js');
  // Files as the user gives them: the renderer checks what it reads and answers SVC-52x when it cannot.
  const terms = options.get('terms');
  const pdf = await renderEinvoicePdf(record as EinvoicePdfRecord, invoice as IrnPayload, {
    ...logoOption(options.get('logo')),
    ...(terms === undefined ? {} : { terms: terms.replace(/\\n/g, '\n') }),
  });
  if (!pdf.ok) throw new UsageError(pdf.errors.map((e) => `${e.code} ${e.message}`).join('; '));
  for (const w of pdf.warnings) process.stderr.write(`gstkit: warning ${w.code} ${w.message}\n`);
  await writeOut(pdf.value);
  return 0;
}

async function renderEwaybill(args: readonly string[]): Promise<number> {
  const { positional, options } = parseOptions(args, ['logo']);
  const input = readJson(positional[0]);
  // Accept the whole get-e-waybill body ({Success, Response}) or its Response object.
  const detail = isPlainObject(input) && isPlainObject(input.Response) ? input.Response : input;
  const { renderEwaybillPdf } = await import('../render/pdf/index.js');
  const pdf = await renderEwaybillPdf(detail as EwaybillPdfDetail, logoOption(options.get('logo')));
  if (!pdf.ok) throw new UsageError(pdf.errors.map((e) => `${e.code} ${e.message}`).join('; '));
  for (const w of pdf.warnings) process.stderr.write(`gstkit: warning ${w.code} ${w.message}\n`);
  await writeOut(pdf.value);
  return 0;
}
