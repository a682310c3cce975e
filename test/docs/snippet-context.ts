/**
 * The names the documentation's snippets take as given (the host's own options, its GSP client, ...),
 * made real so that every snippet type-checks and runs. A snippet that uses one of these names without
 * declaring it gets it imported from here.
 */
import { createGstHandler, type GstHandlerOptions } from '../../src/http/index.js';
import { basicAuth } from '../../src/ports/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import type { Company, GstPortal, JobFile, ReturnStore } from '../../src/ports/index.js';
import { istDateTime } from '../../src/compute/dates.js';

const sandbox = createSandbox({ companies: { acme: ['29AAGCK4821M1Z4', '33AAHCT2290K1Z6'] } });
const key = { keyId: 'docs', keySecret: 'docs-secret', companyId: 'acme' };

/** "options": what a host passes to createGstHandler. */
export const options: GstHandlerOptions = {
  ...sandbox.providers,
  authenticate: basicAuth([key], new Map([['acme', ['29AAGCK4821M1Z4', '33AAHCT2290K1Z6']]])),
};

/** A handler made from those options. */
export const myHandler = createGstHandler(options);

/** The README's stand-in for sending the payload to the IRP. */
export function submitToIrp(payload: unknown): void {
  if (payload === null || typeof payload !== 'object') throw new Error('nothing to submit');
}

/** The host's own sign-in lookup. */
export async function lookUpCompany(authorization: string | null): Promise<Company | undefined> {
  return authorization ? { id: 'acme', gstins: ['29AAGCK4821M1Z4'] } : undefined;
}

/** A GSP client as docs/providers.md uses it. */
export interface MyGspClient {
  generateIrn(
    companyId: string,
    invoice: unknown,
  ): Promise<{
    Status: number;
    Irn: string;
    AckNo: number;
    AckDt: string;
    SignedInvoice: string;
    SignedQRCode: string;
    InfoDtls?: Array<{ InfCd: string; Desc: { AckNo: number; AckDt: string; Irn: string } }>;
    ErrorDetails: Array<{ ErrorCode: string; ErrorMessage: string }>;
  }>;
}

/** The GSP's acknowledgement date (yyyy-MM-dd HH:mm:ss) as the specification's time (dd/MM/yyyy hh:mm:ss AM). */
export function toSpecTime(ackDt: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(ackDt);
  if (!m) return ackDt;
  const hour = Number(m[4]);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${m[3]}/${m[2]}/${m[1]} ${String(twelve).padStart(2, '0')}:${m[5]}:${m[6]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A date-time in IST as the specification writes it, from epoch milliseconds. */
export function toIst(ms: number): string {
  return istDateTime(new Date(ms));
}

/** The host's GST portal client and return store (here: the sandbox's). */
export const myGspPortal: GstPortal = sandbox.providers.gstPortal;
export const myReturnStore: (companyId: string) => ReturnStore = sandbox.providers.returnStore;

/** The host's object store for job files (here: memory). */
const objects = new Map<string, JobFile>();
export async function writeToObjectStore(id: string, file: JobFile): Promise<string> {
  objects.set(id, file);
  return id;
}
export async function readFromObjectStore(key: string): Promise<JobFile | undefined> {
  return objects.get(key);
}
