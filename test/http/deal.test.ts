/** The sales inquiry against fake Turnstile and CRM servers on loopback. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { turnstileVerifier, webhookForwarder, type Inquiry } from '../../src/sandbox/index.js';
import { validate } from '../../src/validate.js';
import { example, world } from './harness.js';

type Behaviour = 'pass' | 'fail' | 'slow' | '5xx' | 'misconfigured';

interface Fake {
  url: string;
  behaviour: Behaviour;
  seen: Array<{ headers: IncomingMessage['headers']; body: string }>;
  server: Server;
}

async function fake(reply: (f: Fake, res: ServerResponse, body: string) => void): Promise<Fake> {
  const f = { behaviour: 'pass', seen: [] } as unknown as Fake;
  f.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      f.seen.push({ headers: req.headers, body });
      reply(f, res, body);
    });
  });
  await new Promise<void>((r) => f.server.listen(0, '127.0.0.1', r));
  f.url = `http://127.0.0.1:${(f.server.address() as AddressInfo).port}/`;
  return f;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('sales inquiry', () => {
  let turnstile: Fake;
  let crm: Fake;
  beforeAll(async () => {
    turnstile = await fake((f, res) => {
      if (f.behaviour === 'slow') return setTimeout(() => json(res, 200, { success: true }), 1500);
      if (f.behaviour === '5xx') return json(res, 503, {});
      if (f.behaviour === 'misconfigured') return json(res, 200, { success: false, 'error-codes': ['invalid-input-secret'] });
      json(
        res,
        200,
        f.behaviour === 'pass' ? { success: true, 'error-codes': [], hostname: 'localhost' } : { success: false, 'error-codes': ['invalid-input-response'] },
      );
    });
    crm = await fake((f, res) => {
      if (f.behaviour === 'slow') return setTimeout(() => json(res, 200, {}), 1500);
      if (f.behaviour === '5xx') return json(res, 503, {});
      if (f.behaviour === 'fail') return json(res, 502, {});
      json(res, 201, { id: 1 });
    });
  });
  afterAll(async () => {
    for (const f of [turnstile, crm]) {
      f.server.closeAllConnections();
      await new Promise((r) => f.server.close(r));
    }
  });

  const setup = (hostnames?: string[]) => {
    const kept: Inquiry[] = [];
    const failed: Inquiry[] = [];
    const { sandbox } = world();
    const handler = createGstHandler({
      ...sandbox.providers,
      authenticate: () => ({ ok: false, status: 401, message: 'no' }),
      deal: {
        captcha: turnstileVerifier({ secret: 'test-secret', verifyUrl: turnstile.url, timeoutMs: 300, retries: 0, ...(hostnames ? { hostnames } : {}) }),
        forwarder: webhookForwarder({ url: crm.url, token: 'crm-token', timeoutMs: 300, retries: 1, backoffMs: () => 10 }),
        onInquiry: (i) => void kept.push(i),
        onForwardFailed: (i) => void failed.push(i),
      },
    });
    const post = async (body: unknown, contentType: string | null = 'application/json') => {
      const request = new Request('http://t/api/deal', {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      });
      // A string body gets text/plain from Request itself; "no Content-Type" has to be taken off.
      if (contentType === null) request.headers.delete('content-type');
      const r = await handler(request, { remoteAddress: '127.0.0.9' });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    return { post, kept, failed };
  };

  it('verifies the token with the form fields, keeps the inquiry, forwards it with the token and succeeds', async () => {
    turnstile.behaviour = 'pass';
    crm.behaviour = 'pass';
    turnstile.seen.length = 0;
    crm.seen.length = 0;
    const { post, kept } = setup();
    const r = await post(example('deal'));
    expect(r.status).toBe(200);
    expect(validate('deal-success', r.body, { rules: false }).ok).toBe(true);
    const form = new URLSearchParams(turnstile.seen[0]!.body);
    expect(form.get('secret')).toBe('test-secret');
    expect(form.get('response')).toBe(example('deal')['turnstileToken']);
    expect(form.get('remoteip')).toBe('127.0.0.9');
    expect(form.get('idempotency_key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(kept).toHaveLength(1);
    expect(crm.seen[0]!.headers['authorization']).toBe('Bearer crm-token');
    expect(JSON.parse(crm.seen[0]!.body).email).toBe(example('deal')['email']);
    expect(JSON.parse(crm.seen[0]!.body).turnstileToken).toBeUndefined();
  });

  it('answers CAPTCHA_FAILED for a rejected token and never calls the CRM', async () => {
    turnstile.behaviour = 'fail';
    crm.seen.length = 0;
    const { post, kept } = setup();
    const r = await post(example('deal'));
    expect(r.status).toBe(500);
    expect(r.body['code']).toBe('CAPTCHA_FAILED');
    expect(validate('deal-error', r.body, { rules: false }).ok).toBe(true);
    expect(kept).toHaveLength(0);
    expect(crm.seen).toHaveLength(0);
  });

  it('answers BACKEND_ERROR when the verifier times out or fails, MISSING_CONFIG for a refused secret', async () => {
    for (const b of ['slow', '5xx'] as const) {
      turnstile.behaviour = b;
      const r = await setup().post(example('deal'));
      expect(r.body['code'], b).toBe('BACKEND_ERROR');
      expect(r.body['resolution']).toBeTruthy();
    }
    turnstile.behaviour = 'misconfigured';
    expect((await setup().post(example('deal'))).body['code']).toBe('MISSING_CONFIG');
  });

  it('retries a CRM that said it did not take the inquiry, then reports BACKEND_ERROR and hands the inquiry to the host', async () => {
    turnstile.behaviour = 'pass';
    crm.behaviour = '5xx';
    crm.seen.length = 0;
    const { post, kept, failed } = setup();
    const r = await post(example('deal'));
    expect(r.status).toBe(500);
    expect(r.body['code']).toBe('BACKEND_ERROR');
    expect(validate('deal-error', r.body, { rules: false }).ok).toBe(true);
    expect(String(r.body['resolution'])).toContain(kept[0]!.inquiryId);
    // 503 means "not taken": one retry, with the same key.
    expect(crm.seen.length).toBe(2);
    expect(crm.seen[0]!.headers['idempotency-key']).toBe(kept[0]!.inquiryId);
    expect(crm.seen[1]!.headers['idempotency-key']).toBe(kept[0]!.inquiryId);
    expect(failed.map((i) => i.inquiryId)).toEqual(kept.map((i) => i.inquiryId));
  });

  it('never tries again at once a CRM that answered late or failed in a way that may have kept the inquiry, and says it is kept, not lost', async () => {
    turnstile.behaviour = 'pass';
    for (const b of ['slow', 'fail'] as const) {
      crm.behaviour = b;
      crm.seen.length = 0;
      const { post, kept, failed } = setup();
      const r = await post(example('deal'));
      expect(r.status, b).toBe(500);
      expect(r.body['code']).toBe('BACKEND_ERROR');
      // A slow CRM used to get the inquiry once per try while the visitor read that it failed.
      expect(crm.seen.length, b).toBe(1);
      expect(String(r.body['error'])).toMatch(/received and kept/);
      expect(String(r.body['resolution'])).toMatch(/no need to send it again/);
      expect(failed).toHaveLength(1);
      expect(kept).toHaveLength(1);
    }
    crm.behaviour = 'pass';
  });

  it('refuses a body not sent as JSON with 415 VALIDATION_ERROR before the captcha is asked', async () => {
    turnstile.behaviour = 'pass';
    turnstile.seen.length = 0;
    const { post, kept } = setup();
    const text = JSON.stringify(example('deal'));
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/json', null]) {
      const r = await post(text, type);
      expect(r.status, String(type)).toBe(415);
      expect(r.body['code']).toBe('VALIDATION_ERROR');
      expect(validate('deal-error', r.body, { rules: false }).ok).toBe(true);
    }
    expect(turnstile.seen).toHaveLength(0);
    expect(kept).toHaveLength(0);
    // JSON under its other spellings is taken.
    crm.behaviour = 'pass';
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/vnd.api+json']) {
      expect((await post(text, type)).status, type).toBe(200);
    }
  });

  it("refuses a captcha solved on another site's page with CAPTCHA_FAILED when hostnames are set", async () => {
    // The fake Turnstile answers hostname "localhost".
    turnstile.behaviour = 'pass';
    crm.behaviour = 'pass';
    crm.seen.length = 0;
    const elsewhere = await setup(['gstkit.example', 'www.gstkit.example']).post(example('deal'));
    expect(elsewhere.status).toBe(500);
    expect(elsewhere.body['code']).toBe('CAPTCHA_FAILED');
    expect(String(elsewhere.body['error'])).toContain('hostname-mismatch');
    expect(crm.seen).toHaveLength(0);
    expect((await setup(['gstkit.example', 'LocalHost']).post(example('deal'))).status).toBe(200);
    expect((await setup([]).post(example('deal'))).status).toBe(200);
  });

  it('answers UNKNOWN_ERROR when a hook throws something unforeseen', async () => {
    turnstile.behaviour = 'pass';
    const { sandbox } = world();
    const handler = createGstHandler({
      ...sandbox.providers,
      authenticate: () => ({ ok: false, status: 401, message: 'no' }),
      deal: {
        captcha: turnstileVerifier({ secret: 's', verifyUrl: turnstile.url }),
        forwarder: { forward: async () => undefined },
        onInquiry: () => {
          throw new Error('disk full');
        },
      },
    });
    const r = await handler(
      new Request('http://t/api/deal', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(example('deal')) }),
    );
    expect(r.status).toBe(500);
    expect(((await r.json()) as { code: string }).code).toBe('UNKNOWN_ERROR');
  });
});
