/**
 * The OpenAPI 3.1 document of a list of routes, generated from their rows and the JSON Schemas in
 * schemas/ (OpenAPI 3.1 speaks JSON Schema 2020-12, so each schema is embedded as it is).
 * @module
 */
import { allSchemas } from '../schema/registry.js';
import { schemaId, type Kind } from '../kinds.js';
import type { Route } from './types.js';

type Obj = Record<string, unknown>;

const svcError: Obj = {
  type: 'object',
  required: ['Success', 'Errors'],
  properties: {
    Success: { const: false },
    Errors: {
      type: 'array',
      items: { type: 'object', required: ['Code', 'Message'], properties: { Code: { type: 'string' }, Message: { type: 'string' } } },
    },
  },
};

const headerError: Obj = {
  description: 'Failure; the reason is in the Svc-ErrorCode and Svc-ErrorMessage headers',
  headers: {
    'Svc-ErrorCode': { schema: { type: 'string' }, description: 'e.g. 100, 1000, 2000' },
    'Svc-ErrorMessage': { schema: { type: 'string' } },
  },
};

function schemaRef(kind: Kind, known: Set<string>): Obj {
  return known.has(schemaId(kind)) ? { $ref: `#/components/schemas/${kind}` } : { type: 'object' };
}

function operation(route: Route, known: Set<string>): Obj {
  if (route.openApi) return route.openApi((kind) => schemaRef(kind, known));
  const op: Obj = {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    parameters: [
      ...(route.path.match(/\{\w+\}/g)?.map((p) => ({ name: p.slice(1, -1), in: 'path', required: true, schema: { type: 'string' } })) ?? []),
      ...route.flags.map((f) => ({
        name: f.name,
        in: 'query',
        required: f.required,
        description: f.description,
        schema: {
          type: 'string',
          ...(f.values ? { enum: [...f.values] } : {}),
          ...(f.default ? { default: f.default } : {}),
          ...(f.pattern && !f.lenient ? { pattern: f.pattern } : {}),
        },
      })),
      ...(route.style === 'gstr' && route.requestKind
        ? [{ name: 'Svc-Company', in: 'header', required: true, schema: { type: 'string' }, description: 'the company the request acts for' }]
        : []),
    ],
  };
  if (route.auth) op['security'] = [{ basic: [] }];
  if (route.requestKind) {
    op['requestBody'] = { required: true, content: { 'application/json': { schema: schemaRef(route.requestKind, known) } } };
  }
  const ok: Obj = route.produces
    ? { description: 'OK', content: { [route.produces]: { schema: { type: 'string', contentMediaType: route.produces } } } }
    : { description: 'OK', content: { 'application/json': { schema: route.responseKind ? schemaRef(route.responseKind, known) : { type: 'object' } } } };
  // `pdf=file` answers the PDF itself.
  if (route.flags.some((f) => f.name === 'pdf')) {
    (ok['content'] as Obj)['application/pdf'] = { schema: { type: 'string', contentMediaType: 'application/pdf' } };
  }
  const responses: Obj = { '200': ok };
  if (route.style === 'svc') {
    for (const [status, text] of [
      ['400', 'invalid flags or body'],
      ['401', 'no or bad credentials'],
      ['403', 'the company may not act for this GSTIN'],
      ['404', 'document not found'],
      ['409', 'duplicate or conflicting state (e.g. 2150 Duplicate IRN)'],
      ['413', 'body too large'],
      ['422', 'refused by a portal rule'],
      ['500', 'unforeseen failure (coded SVC-950)'],
    ] as const) {
      responses[status] = { description: text, content: { 'application/json': { schema: svcError } } };
    }
  } else {
    for (const status of ['400', '401', '403', '404', '500']) responses[status] = headerError;
  }
  op['responses'] = responses;
  return op;
}

/** Builds the OpenAPI 3.1 document of `routes`, served under `basePath` ('' for the root). */
export function describeRoutes(routes: readonly Route[], basePath = ''): Obj {
  const schemas = allSchemas();
  const known = new Set(schemas.keys());
  const components: Obj = {};
  for (const [id, schema] of schemas) {
    const kind = /\/([^/]+)\.schema\.json$/.exec(id)?.[1];
    if (kind) components[kind] = schema;
  }
  const paths: Record<string, Obj> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route, known);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'gstkit GST compliance service',
      version: '1.0.0',
      description: 'E-invoice, e-waybill, GSTIN lookup, payment QR, GSTR pull/export jobs and the sales inquiry.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    ...(basePath ? { servers: [{ url: basePath }] } : {}),
    paths,
    components: { schemas: components, securitySchemes: { basic: { type: 'http', scheme: 'basic' } } },
  };
}
