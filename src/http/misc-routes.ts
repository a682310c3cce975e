/**
 * The routes of no one area: the GSTIN lookups, the sandbox's signing certificate, and the OpenAPI document
 * of the routes a handler serves.
 * @module
 */
import { httpCodes } from './codes.js';
import { json, headerFailure } from './responses.js';
import type { GstHandlerOptions, Route, RouteContext } from './types.js';
import { servedRoutes } from './enabled.js';
import { describeRoutes } from './openapi.js';
import { normalizeBasePath } from './paths.js';
import { refusalResponse } from './route-kit.js';

export async function partyGstin(ctx: RouteContext): Promise<Response> {
  const out = await ctx.options.registry.party(ctx.flags.partygstin!);
  return out.ok ? json(200, { Success: true, ...out.value }) : refusalResponse(out);
}

export async function lookupGstin(ctx: RouteContext): Promise<Response> {
  const out = await ctx.options.registry.lookup(ctx.flags.gstin!);
  if (out.ok) return json(200, { Success: true, Result: out.value });
  return refusalResponse(out, { Suggestions: out.info?.['Suggestions'] ?? [] });
}

export async function certificate(ctx: RouteContext): Promise<Response> {
  const pem = ctx.options.signingCertificatePem;
  if (!pem) return headerFailure(404, httpCodes.notFound, 'this server has no sandbox certificate');
  return new Response(pem, { status: 200, headers: { 'content-type': 'application/x-pem-file' } });
}

// Built once for each handler's options: the document of the same routes under the same base path.
const documents = new WeakMap<GstHandlerOptions, string>();

/** `/openapi.json`: the document of the routes that a handler with the request's options serves, out of `table`. */
export function openApiDocumentRoute(table: () => readonly Route[]): (ctx: RouteContext) => Promise<Response> {
  return async (ctx) => {
    let text = documents.get(ctx.options);
    if (text === undefined) {
      text = JSON.stringify(describeRoutes(servedRoutes(table(), ctx.options), normalizeBasePath(ctx.options.basePath)));
      documents.set(ctx.options, text);
    }
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
  };
}
