/**
 * generateirn in-process through the node binding's light entry, as the benchmarks set it up: the sandbox
 * (memory store, Basic auth) and, each call, the 3-line example without EwbDtls under a new document number.
 * Loads gstkit from where bench-from.ts says.
 * @module
 */
import { readFileSync } from 'node:fs';
import { fromGstkit } from './bench-from.js';

export interface LightGenerateIrn {
  sandbox: import('../../src/sandbox/index.js').Sandbox;
  /** The next request body: the example under a new document number. */
  nextBody(): Buffer;
  /** Registers the next document; the reply's JSON text and value (anything but 200 throws). */
  register(): Promise<{ text: string; value: unknown }>;
}

export async function lightGenerateIrn(numberPrefix: string): Promise<LightGenerateIrn> {
  const { createGstHandler } = await fromGstkit<typeof import('../../src/http/index.js')>('http/index.js');
  const { LightRequest, lightEntryOf } = await fromGstkit<typeof import('../../src/http/light-request.js')>('http/light-request.js');
  const { knownJson } = await fromGstkit<typeof import('../../src/http/json-body.js')>('http/json-body.js');
  const { basicAuth, createSandbox, manualClock, parseIst } = await fromGstkit<typeof import('../../src/sandbox/index.js')>('sandbox/index.js');

  const invoice = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8')) as Record<string, any>;
  delete invoice['EwbDtls'];
  const sandbox = createSandbox({ companies: { bench: ['29AAGCK4821M1Z4'] }, clock: manualClock(parseIst('10/11/2026 12:00:00')!) });
  const handler = createGstHandler({
    ...sandbox.providers,
    authenticate: basicAuth([{ keyId: 'bench', keySecret: 'secret', companyId: 'bench' }], new Map([['bench', ['29AAGCK4821M1Z4']]])),
  });
  const light = lightEntryOf(handler)!;
  const auth = 'Basic ' + Buffer.from('bench:secret').toString('base64');
  const url = new URL('http://127.0.0.1:8080/api/svc/einvoice/generateirn');
  let n = 0;
  const nextBody = (): Buffer => {
    invoice['DocDtls']['No'] = `${numberPrefix}/${(n++).toString(36).toUpperCase()}`;
    return Buffer.from(JSON.stringify(invoice));
  };
  const register = async (): Promise<{ text: string; value: unknown }> => {
    const bytes = nextBody();
    const headers = { host: '127.0.0.1:8080', authorization: auth, 'content-type': 'application/json', 'content-length': String(bytes.length) };
    const res = await light(new LightRequest(url, 'POST', headers, true), { remoteAddress: '127.0.0.1', bodyBytes: bytes });
    // The reply as the binding writes it: a reply of the light path has no body stream.
    const known = knownJson(res);
    if (!known || res.status !== 200) throw new Error(`generateirn answered ${res.status}: ${known?.text ?? ''}`);
    return known;
  };
  return { sandbox, nextBody, register };
}
