/**
 * The bulk routes: `POST /api/svc/einvoice/bulk/generateirn` and `.../bulk/generateewaybill` take
 * `{documents: [...]}` (up to 1,000) and answer `{jobId}` at once; the job (`irn/bulk`, `ewaybill/bulk`)
 * checks and registers each document, and the job-status route reports it, its result listing each
 * document's outcome in order.
 * @module
 */
import { bulkCodes, MAX_BULK_DOCUMENTS } from '../bulk/codes.js';
import { jobRequest } from '../jobs/catalogue/index.js';
import { error } from '../issue.js';
import type { Kind } from '../kinds.js';
import { exceededNesting } from '../schema/limits.js';
import { DEFAULT_BODY_LIMIT, readJson } from './body.js';
import { httpCodes } from './codes.js';
import { svcFailure } from './responses.js';
import { gstinFlag } from './route-kit.js';
import type { Route, RouteContext } from './types.js';

type Obj = Record<string, unknown>;

/** The documents of the body, or the coded failure: 400 without a list, 413 over {@link MAX_BULK_DOCUMENTS}. */
async function documentsOf(ctx: RouteContext): Promise<unknown[] | Response> {
  const read = await readJson(ctx.request, ctx.options.bodyLimit ?? DEFAULT_BODY_LIMIT, ctx.extras);
  if (!read.ok) return svcFailure(read.status, [read.issue]);
  if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value))
    return svcFailure(400, [error(httpCodes.malformedJson, 'the body must be a JSON object')]);
  const refused = exceededNesting(read.value);
  if (refused) return svcFailure(400, [refused]);
  const documents = (read.value as Obj)['documents'];
  if (!Array.isArray(documents) || documents.length === 0)
    return svcFailure(400, [error(bulkCodes.noDocuments, 'the body must carry a non-empty list of documents', '/documents')]);
  if (documents.length > MAX_BULK_DOCUMENTS)
    return svcFailure(413, [
      error(
        bulkCodes.tooManyDocuments,
        `${documents.length} documents in one request; at most ${MAX_BULK_DOCUMENTS} are accepted, send the rest in another`,
        '/documents',
      ),
    ]);
  return documents;
}

/** The company as authenticated, as the job acts for it. */
const companyOf = (ctx: RouteContext): { id: string; gstins: string[]; aato?: number } => ({
  id: ctx.company.id,
  gstins: [...ctx.company.gstins],
  ...(ctx.company.aato !== undefined ? { aato: ctx.company.aato } : {}),
});

async function bulkIrnRoute(ctx: RouteContext): Promise<Response> {
  const documents = await documentsOf(ctx);
  if (documents instanceof Response) return documents;
  const window = ctx.options.reportingWindowDays;
  const job = await ctx.options.jobs.submit(
    jobRequest('irn/bulk', ctx.company.id, { company: companyOf(ctx), documents, ...(window !== undefined ? { reportingWindowDays: window } : {}) }),
  );
  return ctx.reply(200, job);
}

async function bulkEwbRoute(ctx: RouteContext): Promise<Response> {
  const documents = await documentsOf(ctx);
  if (documents instanceof Response) return documents;
  const job = await ctx.options.jobs.submit(jobRequest('ewaybill/bulk', ctx.company.id, { company: companyOf(ctx), documents, gstin: ctx.flags.gstin! }));
  return ctx.reply(200, job);
}

/** The OpenAPI operation of a bulk route: `{documents}` of the single route's request kind, answered `{jobId}`. */
function bulkOperation(operationId: string, summary: string, tag: string, kind: Kind, gstin: boolean) {
  return (ref: (kind: Kind) => Record<string, unknown>): Record<string, unknown> => {
    const failure = (description: string): Obj => ({
      description,
      content: {
        'application/json': {
          schema: { type: 'object', required: ['Success', 'Errors'], properties: { Success: { const: false }, Errors: { type: 'array' } } },
        },
      },
    });
    return {
      operationId,
      summary,
      tags: [tag],
      security: [{ basic: [] }],
      parameters: gstin ? [{ name: 'gstin', in: 'query', required: true, schema: { type: 'string' }, description: 'the GSTIN generating the e-waybills' }] : [],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['documents'],
              properties: { documents: { type: 'array', minItems: 1, maxItems: MAX_BULK_DOCUMENTS, items: ref(kind) } },
            },
          },
        },
      },
      responses: {
        '200': {
          description: `The job that registers the documents; GET /api/svc/robot/jobstatus/{jobId} reports its progress in documents and, when done, each document's outcome in order`,
          content: { 'application/json': { schema: ref('job') } },
        },
        '400': failure(`no documents (${bulkCodes.noDocuments}) or a body that is not JSON`),
        '401': failure('no or bad credentials'),
        '403': failure('the company may not act for this GSTIN'),
        '413': failure(`more than ${MAX_BULK_DOCUMENTS} documents (${bulkCodes.tooManyDocuments}), or a body over the size limit`),
        '503': failure('the job queue is unavailable or full (SVC-951)'),
      },
    };
  };
}

const E = '/api/svc/einvoice/bulk/';

/** The two bulk routes. */
export const bulkRoutes: Route[] = [
  {
    operationId: 'bulkGenerateIrn',
    method: 'POST',
    path: E + 'generateirn',
    style: 'svc',
    auth: true,
    tag: 'e-invoice',
    summary: 'Register up to 1,000 invoices, credit and debit notes (a job; its result lists each IRN or its errors)',
    flags: [],
    needs: ['irp', 'jobs'],
    responseKind: 'job',
    openApi: bulkOperation('bulkGenerateIrn', 'Register up to 1,000 invoices, credit and debit notes as a job', 'e-invoice', 'irn', false),
    run: bulkIrnRoute,
  },
  {
    operationId: 'bulkGenerateEwaybill',
    method: 'POST',
    path: E + 'generateewaybill',
    style: 'svc',
    auth: true,
    tag: 'e-waybill',
    summary: 'Generate up to 1,000 e-waybills (a job; its result lists each e-waybill or its errors)',
    flags: [gstinFlag()],
    ownGstinFlag: 'gstin',
    needs: ['ewb', 'jobs'],
    responseKind: 'job',
    openApi: bulkOperation('bulkGenerateEwaybill', 'Generate up to 1,000 e-waybills as a job', 'e-waybill', 'ewb', true),
    run: bulkEwbRoute,
  },
];
