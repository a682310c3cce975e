/**
 * The payload types generated from the JSON Schemas: validate returns the canonical type of its kind, and a
 * misspelt field fails to compile (the @ts-expect-error lines below fail `npm run typecheck` if it compiled).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { validate, type EwbPayload, type IrnPayload, type IrnRecord, type JobStatus } from '../../src/index.js';

type Item = IrnPayload['ItemList'][number];

describe('payload types', () => {
  it('are what validate returns for each kind', () => {
    const invoice: unknown = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8'));
    const result = validate('irn', invoice, { today: '22/11/2026' });
    expectTypeOf(result.value).toEqualTypeOf<IrnPayload>();
    expectTypeOf(validate('ewb', {}).value).toEqualTypeOf<EwbPayload>();
    expectTypeOf(validate('irn-record', {}).value).toEqualTypeOf<IrnRecord>();
    expectTypeOf(validate('job-status', {}).value).toEqualTypeOf<JobStatus>();
    expect(result.ok).toBe(true);
    expect(result.value.ItemList[0]?.UnitPrice).toBeTypeOf('number');
  });

  it('refuse a misspelt field at compile time', () => {
    const line: Item = {
      SlNo: '1',
      IsServc: 'N',
      HsnCd: '84713010',
      UnitPrice: 100,
      TotAmt: 100,
      AssAmt: 100,
      GstRt: 18,
      TotItemVal: 118,
      // @ts-expect-error UnitPrise is not a field of an item (UnitPrice is)
      UnitPrise: 100,
    };
    // @ts-expect-error a supply type outside the schema's list
    const supply: IrnPayload['TranDtls']['SupTyp'] = 'B2X';
    expect([line.SlNo, supply]).toHaveLength(2);
  });
});
