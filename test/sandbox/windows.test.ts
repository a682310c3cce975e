import { describe, expect, it } from 'vitest';
import { example, world } from '../http/harness.js';

const auth = 'Basic ' + Buffer.from('keyA:secretA').toString('base64');

describe('time windows on an injected IST clock', () => {
  it('cancels an IRN within 24 hours of its acknowledgement and refuses after (2270)', async () => {
    const { handler, clock } = world();
    const call = (path: string, body: unknown) =>
      handler(new Request(`http://t${path}`, { method: 'POST', headers: { authorization: auth }, body: JSON.stringify(body) }));
    const one = example('irn');
    delete one['EwbDtls'];
    const a = (await (await call('/api/svc/einvoice/generateirn', one)).json()) as { Irn: string };
    (one['DocDtls'] as Record<string, unknown>)['No'] = 'KCPL/26-27/0500';
    const b = (await (await call('/api/svc/einvoice/generateirn', one)).json()) as { Irn: string };
    clock.advance(23 * 3600_000);
    expect((await call('/api/svc/einvoice/cancelirn?gstin=29AAGCK4821M1Z4', { Irn: a.Irn, CnlRsn: '1', CnlRem: 'dup' })).status).toBe(200);
    clock.advance(2 * 3600_000);
    const late = await call('/api/svc/einvoice/cancelirn?gstin=29AAGCK4821M1Z4', { Irn: b.Irn, CnlRsn: '1', CnlRem: 'dup' });
    expect(late.status).toBe(422);
    expect(((await late.json()) as { Errors: Array<{ Code: string }> }).Errors[0]!.Code).toBe('2270');
  });

  it('cancels an e-waybill only within 24 hours, and refuses a blocked consignee (716)', async () => {
    const { handler, clock } = world();
    const call = (path: string, body: unknown) =>
      handler(new Request(`http://t${path}`, { method: 'POST', headers: { authorization: auth }, body: JSON.stringify(body) }));
    const gen = (await (await call('/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6', example('ewb'))).json()) as { EwbNo: string };
    clock.advance(25 * 3600_000);
    const late = await call('/api/svc/einvoice/cancelewb?gstin=33AAHCT2290K1Z6', { ...example('cancel-ewb'), ewbNo: gen.EwbNo });
    expect(late.status).toBe(422);
    expect(((await late.json()) as { Errors: Array<{ Code: string }> }).Errors[0]!.Code).toBe('SVC-924');
  });

  it('gives no validity while Part-B is missing', async () => {
    const { handler } = world();
    const body = example('ewb');
    delete body['vehicleNo'];
    const r = await handler(
      new Request('http://t/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6', {
        method: 'POST',
        headers: { authorization: auth },
        body: JSON.stringify(body),
      }),
    );
    const j = (await r.json()) as { EwbValidTill: unknown; Errors?: unknown };
    expect(r.status, JSON.stringify(j)).toBe(200);
    expect(j.EwbValidTill).toBeNull();
  });
});

describe('blocked GSTIN', () => {
  it('refuses an e-waybill whose consignee is blocked (BlkStatus B)', async () => {
    const { handler, sandbox } = world();
    sandbox.registry.add({ gstin: '33AAEFV6613B1ZL', legalName: 'Vaigai Engineering Works', tradeName: 'Vaigai', blocked: true });
    const r = await handler(
      new Request('http://t/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6', {
        method: 'POST',
        headers: { authorization: auth },
        body: JSON.stringify(example('ewb')),
      }),
    );
    expect(r.status).toBe(422);
    expect(((await r.json()) as { Errors: Array<{ Code: string }> }).Errors[0]!.Code).toBe('716');
  });
});
