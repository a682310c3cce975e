/** A company's turnover (GSTKIT_COMPANY_AATO, or the auth hook's company profile) drives the turnover-bound rules. */
import { describe, expect, it } from 'vitest';
import { parseCompanyTurnover } from '../../src/cli/companies.js';
import { addDays, istDate } from '../../src/compute/dates.js';
import { createGstHandler } from '../../src/http/index.js';
import { basicAuth, createSandbox } from '../../src/sandbox/index.js';
import { A_GSTINS, example } from './harness.js';

/** A server for one company whose turnover is `aato` rupees (undefined: not configured). */
function server(aato: number | undefined) {
  const sandbox = createSandbox({ companies: { acme: A_GSTINS } });
  const profile = { gstins: A_GSTINS, ...(aato !== undefined ? { aato } : {}) };
  const handler = createGstHandler({
    irp: sandbox.providers.irp,
    clock: sandbox.clock,
    authenticate: basicAuth([{ keyId: 'keyA', keySecret: 'secretA', companyId: 'acme' }], new Map([['acme', profile]])),
  });
  const today = istDate(sandbox.clock.now());
  const generate = async (docDate: string) => {
    const invoice = example('irn');
    const res = await handler(
      new Request('http://host.test/api/svc/einvoice/generateirn', {
        method: 'POST',
        headers: { authorization: 'Basic ' + Buffer.from('keyA:secretA').toString('base64'), 'content-type': 'application/json', 'svc-company': 'acme' },
        body: JSON.stringify({ ...invoice, DocDtls: { ...(invoice['DocDtls'] as object), No: `AATO/${docDate.replace(/\//g, '')}`, Dt: docDate } }),
      }),
    );
    return { status: res.status, body: (await res.json()) as { Success: boolean; Errors?: Array<{ Code: string }> } };
  };
  return { today, generate };
}

describe('turnover from the company configuration', () => {
  it('refuses a 40-day-old invoice with 2305 for a company of ₹20 crore', async () => {
    const { today, generate } = server(200_000_000);
    const reply = await generate(addDays(today, -40)!);
    expect(reply.body.Success).toBe(false);
    expect(reply.body.Errors?.map((e) => e.Code)).toContain('2305');
  });

  it('registers the same invoice for a company of ₹5 crore, below the limit', async () => {
    const { today, generate } = server(50_000_000);
    const reply = await generate(addDays(today, -40)!);
    expect(reply.status).toBe(200);
    expect(reply.body.Success).toBe(true);
  });

  it('registers it when no turnover is configured (the limit only warns then)', async () => {
    const { today, generate } = server(undefined);
    const reply = await generate(addDays(today, -40)!);
    expect(reply.body.Success).toBe(true);
  });

  it('reads GSTKIT_COMPANY_AATO and refuses a malformed or foreign entry', () => {
    const read = parseCompanyTurnover('acme:200_000_000; globex:45000000', ['acme', 'globex']);
    expect(read.ok && [...read.turnover]).toEqual([
      ['acme', 200_000_000],
      ['globex', 45_000_000],
    ]);
    expect(parseCompanyTurnover('acme:20 crore', ['acme']).ok).toBe(false);
    expect(parseCompanyTurnover('initech:1000', ['acme']).ok).toBe(false);
    expect(parseCompanyTurnover(undefined, ['acme'])).toEqual({ ok: true, turnover: new Map() });
  });
});
