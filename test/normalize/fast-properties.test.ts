/**
 * The reader's output keeps V8's fast properties. An invoice line built key by key fell into dictionary mode,
 * which made every later step that reads it (the schema, the rules, the JSON text that is signed) slower;
 * the copy that keeps fast properties is a performance property no other test would notice losing.
 * V8 answers through %HasFastProperties, which only a process started with --allow-natives-syntax has.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const normalizeModule = fileURLToPath(new URL('../../src/normalize/normalize.ts', import.meta.url));
const invoiceText = readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8');

/** For each variant of the example invoice, whether every object the reader returns has fast properties. */
function fastProperties(variants: Record<string, string>): Record<string, { lines: boolean[]; blocks: boolean[] }> {
  const script = `
    const { normalize } = await import(${JSON.stringify(normalizeModule)});
    const hasFast = new Function('o', 'return %HasFastProperties(o)');
    const variants = JSON.parse(process.env.VARIANTS);
    const out = {};
    for (const [name, text] of Object.entries(variants)) {
      const { value } = normalize('irn', JSON.parse(text));
      out[name] = {
        lines: value.ItemList.map(hasFast),
        blocks: [value, value.DocDtls, value.SellerDtls, value.BuyerDtls, value.ValDtls].map(hasFast),
      };
    }
    console.log(JSON.stringify(out));`;
  const stdout = execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, VARIANTS: JSON.stringify(variants) },
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as Record<string, { lines: boolean[]; blocks: boolean[] }>;
}

describe('the tolerant reader keeps fast properties', () => {
  const invoice = JSON.parse(invoiceText) as { ItemList: Record<string, unknown>[] };
  const withNulls = structuredClone(invoice);
  for (const line of withNulls.ItemList) Object.assign(line, { BchDtls: null, PrdSlNo: null });
  const asText = structuredClone(invoice);
  for (const line of asText.ItemList) Object.assign(line, { Qty: String(line['Qty']), GstRt: String(line['GstRt']) });
  const results = fastProperties({
    'as sent': invoiceText,
    'numbers as text': JSON.stringify(asText),
    'null fields': JSON.stringify(withNulls),
    'other spellings': invoiceText.replaceAll('"HsnCd"', '"hsncd"').replaceAll('"UnitPrice"', '"unitprice"'),
  });

  it.each(Object.keys(results))('on an invoice with %s', (name) => {
    const { lines, blocks } = results[name]!;
    expect(lines).toHaveLength(invoice.ItemList.length);
    expect(lines.every(Boolean)).toBe(true);
    expect(blocks.every(Boolean)).toBe(true);
  });
});
