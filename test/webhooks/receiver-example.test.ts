/**
 * The receivers of README.md ("Be told, don't poll") and docs/webhooks.md run as written, each in a process
 * of its own, against gstkit's deliveries: each prints the event it verified, refuses a forged one (401),
 * and the docs' receiver acts once on an id it has seen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/store/memory.js';
import { createWebhookDelivery, newWebhookSecret, storeEventSink, webhookHeaders } from '../../src/webhooks/index.js';
import { root } from '../support/server.js';

const scratch = mkdtempSync(join(tmpdir(), 'gstkit-receiver-example-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The TypeScript block that the comment naming this test precedes. */
function receiverBlock(file: string): string {
  const text = readFileSync(join(root, file), 'utf8');
  const at = text.indexOf('receiver-example.test.ts runs it');
  const block = /```ts\n([\s\S]*?)\n```/.exec(text.slice(at));
  if (at < 0 || !block) throw new Error(`${file} has no receiver example`);
  return block[1]!.replace("from 'gstkit/webhooks'", `from '${pathToFileURL(join(root, 'src/webhooks/index.ts')).href}'`);
}

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function runReceiver(file: string, secret: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const path = join(scratch, `${file.replace(/\W/g, '-')}.ts`);
  writeFileSync(path, receiverBlock(file));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path], { cwd: root, env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) } });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const url = `http://127.0.0.1:${port}/gst-hooks`;
  const until = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(url, { method: 'POST', body: '{}' }).then(
      (r) => r.status,
      () => 0,
    );
    if (up === 401) break;
    if (Date.now() > until) throw new Error(`the receiver did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, output: () => out };
}

describe.each(['README.md', 'docs/webhooks.md'])('the receiver example of %s', (file) => {
  it('prints the events gstkit delivers, refuses a forged one, and acknowledges each', async () => {
    const secret = newWebhookSecret();
    const receiver = await runReceiver(file, secret);
    const store = createMemoryStore();
    const delivery = createWebhookDelivery({ store, policy: { allowPrivate: true, allowHttp: true }, pollMs: 20 });
    try {
      await store.addWebhook({
        webhookId: 'wh_docs',
        companyId: 'acme',
        url: receiver.url,
        events: ['irn.registered', 'job.done'],
        secret,
        createdAt: new Date().toISOString(),
      });
      const sink = storeEventSink(store);
      await sink.emit({ type: 'irn.registered', companyId: 'acme', data: { Irn: 'a5c12dca80e743321740b001fd70953e8738d109865d28ba4013750f2046f229' } });
      await sink.emit({ type: 'job.done', companyId: 'acme', data: { jobId: 'job-42' } });
      delivery.start();
      const until = Date.now() + 20_000;
      const delivered = async (): Promise<boolean> => (await store.listWebhookDeliveries('acme', 'wh_docs', 10)).every((d) => d.state === 'delivered');
      while (!(await delivered()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(await delivered()).toBe(true);
      expect(receiver.output()).toContain('irn.registered a5c12dca80e743321740b001fd70953e8738d109865d28ba4013750f2046f229');
      expect(receiver.output()).toContain('job.done job-42');
      for (const d of await store.listWebhookDeliveries('acme', 'wh_docs', 10)) expect(d.recent.at(-1)!.status).toBe(204);

      // Forged: signed with another secret, or with the right one but a body changed after signing.
      const body = JSON.stringify({ type: 'irn.cancelled', data: { Irn: 'forged' } });
      const now = Math.floor(Date.now() / 1000);
      const other = webhookHeaders(newWebhookSecret(), 'msg_forged', now, body);
      expect((await fetch(receiver.url, { method: 'POST', headers: other, body })).status).toBe(401);
      const tampered = webhookHeaders(secret, 'msg_forged', now, body.replace('forged', 'other'));
      expect((await fetch(receiver.url, { method: 'POST', headers: tampered, body })).status).toBe(401);
      // Too old to be fresh: a replay.
      const stale = webhookHeaders(secret, 'msg_old', now - 3600, body);
      expect((await fetch(receiver.url, { method: 'POST', headers: stale, body })).status).toBe(401);
      expect(receiver.output()).not.toContain('forged');
      if (file === 'docs/webhooks.md') {
        // The same id twice: acknowledged both times, acted on once.
        const again = JSON.stringify({ type: 'job.done', data: { jobId: 'job-once' } });
        for (let i = 0; i < 2; i++) {
          const res = await fetch(receiver.url, { method: 'POST', headers: webhookHeaders(secret, 'msg_twice', now, again), body: again });
          expect(res.status).toBe(204);
        }
        await new Promise((r) => setTimeout(r, 100));
        expect(receiver.output().split('job.done job-once').length - 1).toBe(1);
      }
    } finally {
      await delivery.close();
      receiver.child.kill();
    }
  }, 60_000);
});
