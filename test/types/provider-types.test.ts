/**
 * The provider ports speak the generated types: an e-waybill validated as `ewb` goes to `EwbProvider.generate`
 * and comes back from `get` as an `EwbRecord`, and the GSTIN registry answers `GstinDetails` and
 * `PartyGstinRecord`, all with no cast (`npm run typecheck` compiles this file).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { validate, type EwbDetail, type EwbPayload, type GstinInfo, type PartyGstin } from '../../src/index.js';
import type { EwbProvider, EwbRecord, GstinDetails, GstinRegistry, PartyGstinRecord } from '../../src/ports/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

const SHIPPER = '33AAHCT2290K1Z6';

describe('the e-waybill and registry ports', () => {
  it('are typed by the generated payloads', () => {
    expectTypeOf<Parameters<EwbProvider['generate']>[2]>().toEqualTypeOf<EwbPayload>();
    expectTypeOf<EwbRecord>().toEqualTypeOf<NonNullable<EwbDetail['Response']>>();
    expectTypeOf<GstinDetails>().toEqualTypeOf<NonNullable<GstinInfo['Result']>>();
    expectTypeOf<PartyGstinRecord>().toEqualTypeOf<Omit<PartyGstin, 'Success' | 'Errors'>>();
  });

  it('take a validated e-waybill and a GSTIN and answer typed records, with no cast', async () => {
    const sandbox = createSandbox({ companies: { tfpl: [SHIPPER] }, clock: { now: () => new Date('2026-11-12T10:00:00+05:30') } });
    const company = sandbox.companies.get('tfpl');
    if (!company) throw new Error('no company');
    const ewb: EwbProvider = sandbox.providers.ewb;
    const registry: GstinRegistry = sandbox.providers.registry;

    const input: unknown = JSON.parse(readFileSync(new URL('../../docs/examples/ewb.json', import.meta.url), 'utf8'));
    const checked = validate('ewb', input, { today: '12/11/2026' });
    expect(checked.errors).toEqual([]);
    const generated = await ewb.generate({ company }, SHIPPER, checked.value);
    if (!generated.ok) throw new Error(JSON.stringify(generated.errors));
    const found = await ewb.get({ company }, SHIPPER, generated.value.EwbNo);
    if (!found.ok) throw new Error(JSON.stringify(found.errors));
    const record: EwbRecord = found.value;
    expect(record.ewbNo).toBe(Number(generated.value.EwbNo));
    expect(record.docNo).toBe(checked.value.docNo);
    expect(record.itemList?.[0]?.hsnCode).toBe(Number(checked.value.itemList[0]?.hsnCode));

    const taxpayer = await registry.lookup(SHIPPER);
    if (!taxpayer.ok) throw new Error(JSON.stringify(taxpayer.errors));
    const details: GstinDetails = taxpayer.value;
    expect(details.TaxPayerStatus).toBe('Active');
    const party = await registry.party(SHIPPER);
    if (!party.ok) throw new Error(JSON.stringify(party.errors));
    expect(party.value.StateCode).toBe(33);
  });

  it('refuse a request that is not an object with a code, as a caller from plain JavaScript may send', async () => {
    const sandbox = createSandbox({ companies: { tfpl: [SHIPPER] } });
    const company = sandbox.companies.get('tfpl');
    if (!company) throw new Error('no company');
    const loose: unknown = null;
    const out = await sandbox.providers.ewb.generate({ company }, SHIPPER, loose as EwbPayload);
    expect(out).toMatchObject({ ok: false, status: 400, errors: [{ code: 'SVC-761' }] });
  });
});
