import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGstr2b } from '../../src/gstr/index.js';
import { openGstr2bText } from '../../src/gstr/read-2b-stream.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FILES = [
  'test/gstr/fixtures/gstr2b-v1-items.json',
  'test/gstr/fixtures/gstr2b-v4-all-sections.json',
  'test/gstr/fixtures/gstr2b-v4-ims.json',
  'docs/examples/reconcile/gstr2b-112025.json',
];

function readInPieces(text: string, size: number, expect?: { gstin?: string; period?: string }): ReturnType<typeof readGstr2b> {
  const reading = openGstr2bText(expect);
  for (let i = 0; i < text.length; i += size) reading.push(text.slice(i, i + size));
  return reading.end();
}

describe('GSTR-2B read from text in pieces', () => {
  for (const file of FILES) {
    it(`reads ${path.basename(file)} as the whole-file reader does, whatever the pieces`, () => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const whole = readGstr2b(text);
      expect(whole.ok).toBe(true);
      if (!whole.ok) return;
      expect(whole.value.documents.length).toBeGreaterThan(0);
      for (const size of [1, 3, 17, 256, 65536]) {
        const streamed = readInPieces(text, size);
        expect(streamed.ok).toBe(true);
        if (!streamed.ok) return;
        expect(streamed.value.documents).toEqual(whole.value.documents);
        // Key order too: a document serialises the same.
        expect(JSON.stringify(streamed.value)).toBe(JSON.stringify(whole.value));
      }
    });
  }

  it('reads a file whose documents come before its header, and one with sections out of order', () => {
    const text = fs.readFileSync(path.join(root, 'test/gstr/fixtures/gstr2b-v4-all-sections.json'), 'utf8');
    const parsed = JSON.parse(text) as { data: Record<string, unknown> };
    const { docdata, ...header } = parsed.data;
    const reversedSections = Object.fromEntries(Object.entries(docdata as Record<string, unknown>).reverse());
    const moved = JSON.stringify({ data: { docdata: reversedSections, ...header } }, null, 1);
    const whole = readGstr2b(moved);
    expect(whole.ok).toBe(true);
    expect(JSON.stringify(readInPieces(moved, 40))).toBe(JSON.stringify(whole));
  });

  it('refuses text that is not JSON, or not closed, with SVC-601, and a bad header with the same errors', () => {
    for (const bad of ['not json', '{"data":{"gstin":"27AAPFU0939F1ZV","docdata":{"b2b":[{"ctin":"x"}', '{"data":{"docdata":{"b2b":[{]}}}', '{"a":1]']) {
      const read = readInPieces(bad, 5);
      expect(read.ok).toBe(false);
      if (read.ok) return;
      expect(read.errors[0]!.code).toBe('SVC-601');
    }
    const noHeader = '{"data":{"docdata":{"b2b":[{"ctin":"29AAACB2894G1ZJ","inv":[{"inum":"1","dt":"01-11-2025","txval":10}]}]}}}';
    expect(readInPieces(noHeader, 7)).toEqual(readGstr2b(noHeader));
    expect(readInPieces(noHeader, 7, { gstin: '27AAPFU0939F1ZV', period: '2025-11' })).toEqual(
      readGstr2b(noHeader, { gstin: '27AAPFU0939F1ZV', period: '2025-11' }),
    );
  });

  it('reads strings holding quotes and backslashes, whatever piece they are cut in', () => {
    const text = String.raw`{"data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"112025","docdata":{"b2b":[{"ctin":"29AAACB2894G1ZJ","trdnm":"A \"B\" \\ C\\","inv":[{"inum":"X\\\"1]","dt":"01-11-2025","txval":10,"rsn":"{[,\\"}]}]}}}`;
    const whole = readGstr2b(text);
    expect(whole.ok).toBe(true);
    if (!whole.ok) return;
    expect(whole.value.documents[0]).toMatchObject({ supplierName: 'A "B" \\ C\\', number: 'X\\"1]', itcReason: '{[,\\' });
    for (let size = 1; size <= 40; size++) expect(JSON.stringify(readInPieces(text, size))).toBe(JSON.stringify(whole));
  });

  it('reports an entry of the wrong shape as the whole-file reader does', () => {
    const text =
      '{"data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"112025","docdata":{"b2b":[3,{"ctin":"29AAACB2894G1ZJ","inv":[{"inum":"1","dt":"01-11-2025","txval":10}]}],"cdnr":{}}}}';
    const whole = readGstr2b(text);
    expect(whole.ok).toBe(false);
    expect(readInPieces(text, 9)).toEqual(whole);
  });
});
