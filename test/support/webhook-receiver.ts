/**
 * A webhook receiver on loopback for the tests: it verifies each request with the `standardwebhooks`
 * package (the published scheme, not gstkit's own code), records it, and answers as told: up (204),
 * refusing (a status), hanging (no answer), or down (its port closed, then opened again on the same port).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: string;
  body: string;
  event: { type: string; timestamp: string; companyId: string; data: Record<string, unknown> };
  verified: boolean;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** The secret to verify with (set once the subscription answers it). */
  secret?: string;
  /** What it answers: 204, another status, or no answer at all. */
  answer: number | 'hang';
  down(): Promise<void>;
  up(): Promise<void>;
  /** Resolves when `count` requests (verified or not) have come, or rejects after `ms`. */
  waitFor(count: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  let server: Server | undefined;
  const received: Received[] = [];
  const receiver: Receiver = {
    url: '',
    port: 0,
    received,
    answer: 204,
    async down() {
      const s = server;
      server = undefined;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async up() {
      if (server) return;
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let verified = false;
          try {
            if (receiver.secret) {
              new Webhook(receiver.secret).verify(body, {
                'webhook-id': String(req.headers['webhook-id']),
                'webhook-timestamp': String(req.headers['webhook-timestamp']),
                'webhook-signature': String(req.headers['webhook-signature']),
              });
              verified = true;
            }
          } catch {
            verified = false;
          }
          received.push({
            id: String(req.headers['webhook-id']),
            timestamp: String(req.headers['webhook-timestamp']),
            body,
            event: JSON.parse(body) as Received['event'],
            verified,
          });
          if (receiver.answer === 'hang') return;
          res.writeHead(receiver.answer).end();
        });
      });
      const s = server;
      await new Promise<void>((resolve) => s.listen(receiver.port, '127.0.0.1', () => resolve()));
      receiver.port = (s.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}${path}`;
    },
    async waitFor(count, ms = 15_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`the receiver got ${received.length} requests, not ${count}, within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await receiver.down();
    },
  };
  await receiver.up();
  return receiver;
}
