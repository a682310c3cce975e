/**
 * A day list longer than one page of the store goes out as it is read (chunked, page by page) and is the
 * same JSON as a list answered whole; a page that fails once the answer has begun cuts the connection, so
 * the client never takes a shortened list for the whole one.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGstHandler, toNodeListener } from '../../src/http/index.js';
import type { Store } from '../../src/ports/store.js';
import { createSandbox, createSigningIdentity, manualClock, parseIst } from '../../src/sandbox/index.js';
import { DAY_LIST_PAGE } from '../../src/sandbox/ewaybill/listed.js';
import { createMemoryStore } from '../../src/store/index.js';

const G = '33AAHCT2290K1Z6';
const example = JSON.parse(readFileSync(new URL('../../docs/examples/ewb.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const identity = createSigningIdentity();
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A server over `store` whose day (14/11/2026) holds `count` e-waybills of G. */
async function serve(count: number, store: Store): Promise<string> {
  const sandbox = createSandbox({ companies: { acme: [G] }, clock: manualClock(parseIst('14/11/2026 10:00:00')!), identity, store });
  const company = sandbox.companies.get('acme')!;
  for (let i = 0; i < count; i++) {
    const out = await sandbox.ewb.issue({ company }, G, { ...example, docNo: `S/${i}` });
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
  }
  const server = createServer(toNodeListener(createGstHandler({ ...sandbox.providers, authenticate: () => ({ ok: true, company }) })));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/svc/einvoice/getewaybillsbydate?gstin=${G}&date=14/11/2026`;
}

describe('day lists longer than a page', () => {
  it('stream page by page, as the same JSON a whole answer would be', async () => {
    const count = DAY_LIST_PAGE * 2 + 7;
    const url = await serve(count, createMemoryStore());
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    const body = (await res.json()) as { Success: boolean; Response: Array<{ ewbNo: number; docNo: string; status: string }> };
    expect(body.Success).toBe(true);
    expect(body.Response).toHaveLength(count);
    const numbers = body.Response.map((r) => r.ewbNo);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(body.Response.map((r) => r.docNo)).size).toBe(count);
  });

  it('answer a list of one page whole, with its length', async () => {
    const url = await serve(DAY_LIST_PAGE, createMemoryStore());
    const res = await fetch(url);
    expect(res.headers.get('content-length')).not.toBeNull();
    expect(((await res.json()) as { Response: unknown[] }).Response).toHaveLength(DAY_LIST_PAGE);
  });

  it('cut the connection when a later page cannot be read', async () => {
    const inner = createMemoryStore();
    let pages = 0;
    const failing: Store = Object.assign(Object.create(inner) as Store, {
      ewbDayPage: async (...args: Parameters<Store['ewbDayPage']>) => {
        if (++pages === 3) throw new Error('the database went away');
        return inner.ewbDayPage(...args);
      },
    });
    const url = await serve(DAY_LIST_PAGE * 3, failing);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
});
