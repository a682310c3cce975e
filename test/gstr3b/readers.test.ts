/** The readers around GSTR-3B: IMS actions in the inbox's JSON, and the sales register CSV. */
import { describe, expect, it } from 'vitest';
import { readImsActions, readSalesRegisterCsv } from '../../src/gstr3b/index.js';

describe('readImsActions', () => {
  it("reads the IMS inbox's records under any grouping, leaves no-action records to the 2B and counts the unreadable", () => {
    const inbox = {
      rtin: '29AAGCK4821M1Z4',
      invdata: {
        b2b: [
          { stin: '27AAPFU0939F1ZV', inum: 'A/1', action: 'A' },
          { stin: '27AAPFU0939F1ZV', inum: 'A/2', action: 'N' },
          { stin: '27AAPFU0939F1ZV', inum: 'A/3', action: 'X' },
        ],
        cn: [{ stin: '29AAACB2894G1ZJ', nt_num: 'CN 7', action: 'R' }],
      },
    };
    expect(readImsActions(inbox)).toEqual({
      actions: [
        { supplierGstin: '27AAPFU0939F1ZV', number: 'A/1', action: 'accept' },
        { supplierGstin: '29AAACB2894G1ZJ', number: 'CN 7', action: 'reject' },
      ],
      unreadable: 1,
    });
    expect(readImsActions([{ supplierGstin: '27AAPFU0939F1ZV', number: 'B/9', action: 'pending' }]).actions).toEqual([
      { supplierGstin: '27AAPFU0939F1ZV', number: 'B/9', action: 'pending' },
    ]);
    expect(readImsActions('not json')).toEqual({ actions: [], unreadable: 0 });
  });
});

describe('readSalesRegisterCsv', () => {
  it('reads quoted fields, any column order and case, and names the lines it cannot read', () => {
    const text =
      'Taxable_Value,Nature,Doc_No,Doc_Date,POS,IGST\n"1,200.50",taxable,"B2C/1",02/10/2026,27,216.09\n5,gift,B2C/2,02/10/2026,,\n99,exempt,EX/1,03/10/2026,,\n';
    const read = readSalesRegisterCsv(text);
    if (!read.ok) throw new Error('not read');
    expect(read.value.rows).toEqual([
      { docType: 'INV', docNo: 'B2C/1', docDate: '02/10/2026', nature: 'taxable', pos: '27', taxable: 1200.5, igst: 216.09, cgst: 0, sgst: 0, cess: 0 },
      { docType: 'INV', docNo: 'EX/1', docDate: '03/10/2026', nature: 'exempt', taxable: 99, igst: 0, cgst: 0, sgst: 0, cess: 0 },
    ]);
    expect(read.value.errors.map((e) => [e.code, e.path])).toEqual([['SVC-674', '/line/3']]);
    const headless = readSalesRegisterCsv('a,b\n1,2\n');
    expect(headless.ok ? [] : headless.errors.map((e) => e.message)).toEqual(["the sales register's header lacks doc_no, doc_date, nature, taxable_value"]);
  });
});
