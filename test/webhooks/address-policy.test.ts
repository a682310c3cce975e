/**
 * The guard against server-side request forgery: the addresses a webhook may not reach, refused when the
 * URL is given and again at every attempt, on the addresses the host resolves to at that moment (a name
 * that answered a public address at subscription and a private one later is refused then).
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/store/memory.js';
import { checkWebhookUrl, createWebhookDelivery, refusedAddress, resolveAllowed, storeEventSink } from '../../src/webhooks/index.js';
import { startReceiver } from '../support/webhook-receiver.js';

const strict = { allowPrivate: false, allowHttp: false };
const httpOnly = { allowPrivate: false, allowHttp: true };

describe('the webhook address guard', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd00:ec2::254',
    'fc00::5',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '2002:0a00:0001::1',
    'ff02::1',
  ])('refuses %s', (address) => {
    expect(refusedAddress(address)).toBeDefined();
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(refusedAddress(address)).toBeUndefined();
  });

  it.each([
    ['http://hooks.example.com/x', 'SVC-701'],
    ['ftp://hooks.example.com/x', 'SVC-700'],
    ['https://user:pw@hooks.example.com/x', 'SVC-700'],
    ['not a url', 'SVC-700'],
    ['https://127.0.0.1/x', 'SVC-702'],
    ['https://[::1]/x', 'SVC-702'],
    ['https://[fd00:ec2::254]/latest/meta-data', 'SVC-702'],
    ['https://169.254.169.254/latest/meta-data', 'SVC-702'],
    ['https://2130706433/x', 'SVC-702'], // 127.0.0.1 written as one number
    ['https://0x7f.1/x', 'SVC-702'],
    ['https://localhost/x', 'SVC-702'], // a name is judged by what it resolves to
    ['https://no-such-host.invalid/x', 'SVC-703'],
  ])('refuses the url %s with %s', async (url, code) => {
    const checked = await checkWebhookUrl(url, strict);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem.code).toBe(code);
  });

  it('refuses a name when any one of its addresses is refused', async () => {
    const resolved = await resolveAllowed('mixed.example', strict, async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.8', family: 4 },
    ]);
    expect(resolved.ok).toBe(false);
  });

  it('lets private addresses and plain http through when the host allows them', async () => {
    expect((await checkWebhookUrl('http://127.0.0.1:9/x', { allowPrivate: true, allowHttp: true })).ok).toBe(true);
  });

  it('refuses at the attempt an address the host resolves to then (DNS rebinding), and never connects to it', async () => {
    const receiver = await startReceiver();
    const store = createMemoryStore();
    // Stored as if the name had answered a public address when it was given; it answers loopback now.
    await store.addWebhook({
      webhookId: 'wh_rebound',
      companyId: 'acme',
      url: `http://localhost:${receiver.port}/hooks`,
      events: ['irn.registered'],
      secret: 'whsec_' + Buffer.alloc(32, 1).toString('base64'),
      createdAt: new Date().toISOString(),
    });
    await storeEventSink(store).emit({ type: 'irn.registered', companyId: 'acme', data: { Irn: 'x' } });
    const delivery = createWebhookDelivery({ store, policy: httpOnly, backoffMs: () => 60_000 });
    try {
      expect(await delivery.deliverDue()).toBe(1);
      const [row] = await store.listWebhookDeliveries('acme', 'wh_rebound', 10);
      expect(row!.state).toBe('pending');
      expect(row!.recent[0]!.error).toMatchObject({ code: 'SVC-702', message: expect.stringMatching(/127\.0\.0\.1|::1/) });
      expect(receiver.received).toEqual([]);
    } finally {
      await delivery.close();
      await receiver.close();
    }
  });

  it('answers the routes’ refusals with coded errors', async () => {
    const { createGstHandler } = await import('../../src/http/index.js');
    const { basicAuth } = await import('../../src/ports/index.js');
    const store = createMemoryStore();
    const handler = createGstHandler({
      authenticate: basicAuth([{ keyId: 'k', keySecret: 's', companyId: 'acme' }], new Map([['acme', []]])),
      webhooks: { store, policy: strict, maxPerCompany: 1 },
    });
    const post = async (body: unknown): Promise<Response> =>
      handler(
        new Request('http://gstkit.test/api/svc/webhooks', {
          method: 'POST',
          headers: { authorization: 'Basic ' + Buffer.from('k:s').toString('base64'), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const code = async (body: unknown): Promise<[number, string | null]> => {
      const res = await post(body);
      return [res.status, res.headers.get('svc-errorcode')];
    };
    expect(await code({ url: 'https://169.254.169.254/', events: ['job.done'] })).toEqual([400, 'SVC-702']);
    expect(await code({ url: 'http://93.184.216.34/', events: ['job.done'] })).toEqual([400, 'SVC-701']);
    expect(await code({ url: 'https://93.184.216.34/', events: ['job.everything'] })).toEqual([400, 'SVC-704']);
    expect(await code({ url: 'https://93.184.216.34/', events: [] })).toEqual([400, 'SVC-704']);
    expect(await code([1, 2])).toEqual([400, 'SVC-713']);
    expect(await code({ events: ['job.done'] })).toEqual([400, 'SVC-700']);
    expect((await post({ url: 'https://93.184.216.34/hooks', events: ['job.done'] })).status).toBe(201);
    expect(await code({ url: 'https://93.184.216.34/other', events: ['job.done'] })).toEqual([409, 'SVC-712']);
  });
});
