import { afterEach, describe, expect, it } from 'vitest';
import { createNicIrpProvider, createNicRegistry } from '../../src/connectors/nic/index.js';
import type { FakeNic } from '../support/fake-nic.js';
import { options, SELLER, startFake } from './helpers.js';

const BUYER = '29AADCN7314Q1ZU';
const master = {
  TradeName: 'Nandi Hills Retail',
  LegalName: 'Nandi Hills Retail Private Limited',
  AddrBnm: 'Chamundi Arcade',
  AddrBno: '118',
  AddrFlno: 'Ground Floor',
  AddrSt: 'Sayyaji Rao Road',
  AddrLoc: 'Devaraja Mohalla',
  StateCode: 29,
  AddrPncd: 570001,
  TxpType: 'REG',
  Status: 'ACT',
  BlkStatus: 'U',
  DtReg: '2018-07-01',
  DtDReg: null,
};

describe('GSTIN look-ups through the e-invoice portal', () => {
  let fake: FakeNic | undefined;
  afterEach(async () => {
    await fake?.stop();
  });

  it("answers the party record in the service's forms and the taxpayer search from the same record", async () => {
    fake = await startFake({ taxpayers: { [BUYER]: master } });
    const registry = createNicRegistry(createNicIrpProvider(options(fake)), SELLER);
    // The IRP's yyyy-MM-dd registration date is read as party-gstin writes dates, DD/MM/YYYY.
    expect(await registry.party(BUYER)).toEqual({ ok: true, value: { Gstin: BUYER, ...master, DtReg: '01/07/2018' } });
    const info = await registry.lookup(BUYER);
    expect(info).toMatchObject({
      ok: true,
      value: {
        Gstin: BUYER,
        Pan: 'AADCN7314Q',
        TaxPayerType: 'Regular',
        TaxPayerStatus: 'Active',
        RegistrationDate: '2018-07-01',
        CancellationDate: null,
        PrincipalAddr: { StateCode: '29', PinCode: '570001', Street: 'Sayyaji Rao Road' },
      },
    });
    expect(fake.requests.filter((r) => r.path.startsWith('/eivital/v1.04/Master/gstin/')).every((r) => r.headers['gstin'] === SELLER)).toBe(true);
    expect(await registry.party('27AAHCK7310P1Z3')).toMatchObject({ ok: false, errors: [{ code: '3028' }] });
  });

  it("names a type code in the search's own words, and refuses a record with no status instead of inventing one", async () => {
    const OTHER = '29AAHCK7310P1Z3';
    fake = await startFake({ taxpayers: { [BUYER]: { ...master, TxpType: 'ISD' }, [OTHER]: { ...master, Status: undefined } } });
    const registry = createNicRegistry(createNicIrpProvider(options(fake)), SELLER);
    expect(await registry.lookup(BUYER)).toMatchObject({ ok: true, value: { TaxPayerType: 'Input Service Distributor (ISD)', TaxPayerStatus: 'Active' } });
    expect(await registry.lookup(OTHER)).toMatchObject({ ok: false, status: 502, errors: [{ code: 'SVC-962' }] });
    expect(await registry.party(OTHER)).toMatchObject({ ok: true, value: { Gstin: OTHER, LegalName: master.LegalName } });
  });
});
