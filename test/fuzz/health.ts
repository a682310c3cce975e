/** After the fuzzing: the server still runs, still answers, and still registers a known-good invoice. */
import { exampleOf } from './generators.js';
import type { makeClient } from './client.js';
import type { FuzzServer } from './server.js';

type Client = ReturnType<typeof makeClient>;

/** Tells this run's documents from earlier runs' in a store that persists (PostgreSQL). */
const runTag = (Date.now() % 36 ** 5).toString(36);

/** A fresh document number for the bundled invoice, so it is not a duplicate of an earlier one. */
export function freshInvoice(n: number): unknown {
  const invoice = exampleOf('irn');
  invoice.DocDtls.No = `FZ${runTag}/${n.toString(36)}`.slice(0, 16);
  return invoice;
}

export async function checkServerUnchanged(target: FuzzServer, client: Client, knownServerErrors = 0): Promise<{ ok: boolean; summary: string }> {
  const problems: string[] = [];
  const child = target.server.process;
  if (child.exitCode !== null || child.signalCode !== null) problems.push(`the server exited (${child.exitCode ?? child.signalCode})`);
  else {
    const health = await client.send({ method: 'GET', path: '/openapi.json', headers: {}, note: 'health' }).catch((e: Error) => e);
    if (health instanceof Error || health.status !== 200) problems.push(`GET /openapi.json: ${health instanceof Error ? health.message : health.status}`);
    const irn = await client
      .send({
        method: 'POST',
        path: '/api/svc/einvoice/generateirn',
        headers: { authorization: target.auth, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(freshInvoice(Date.now() % 1e9))),
        note: 'known-good invoice',
      })
      .catch((e: Error) => e);
    if (irn instanceof Error) problems.push(`generateirn: ${irn.message}`);
    else {
      const body = JSON.parse(irn.head.toString('utf8')) as { Success?: boolean; Irn?: string };
      if (irn.status !== 200 || body.Success !== true || !/^[0-9a-f]{64}$/.test(body.Irn ?? ''))
        problems.push(`generateirn of a good invoice: ${irn.status} ${irn.head.toString('utf8').slice(0, 300)}`);
    }
  }
  const stacks = ((target.server.stderr?.() ?? '').match(/^unexpected:/gm) ?? []).length;
  // Each 5xx put down to a known defect logs one unforeseen error; any more is a failure nobody saw.
  if (stacks > knownServerErrors) problems.push(`${stacks} unforeseen errors logged by the server, ${knownServerErrors} of them from known defects`);
  return {
    ok: problems.length === 0,
    summary:
      problems.length === 0
        ? `the server answers and registers a good invoice; ${stacks} unforeseen errors logged, all from known defects`
        : problems.join('; '),
  };
}
