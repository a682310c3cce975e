/**
 * The first step: which served route takes the request, with its path parameters. A path outside the base
 * path, a path no route has, a method the path does not serve and a malformed path parameter are answered
 * here, in the style of the route table at that path.
 * @module
 */
import { error } from '../../issue.js';
import { httpCodes } from '../codes.js';
import { belowBase } from '../paths.js';
import type { Route } from '../types.js';
import { LightRequest } from '../light-request.js';
import type { Exchange } from './exchange.js';
import { failure } from './failure.js';
import type { HandlerSetup } from './setup.js';
import { styleAt } from './style-near.js';

/** A route with its path as a pattern, and the names of its `{parameters}` in order. */
export interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

export function compileRoute(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, n: string) => {
    names.push(n);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}/?$`), names };
}

/**
 * The decoded path parameters, or undefined when one has a malformed percent-escape or decodes to a NUL
 * (`%00`, which no identifier holds and PostgreSQL cannot compare): a client's mistake.
 */
function pathParams(names: readonly string[], match: RegExpExecArray): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  try {
    names.forEach((n, i) => {
      params[n] = decodeURIComponent(match[i + 1] ?? '');
    });
  } catch {
    return undefined;
  }
  return params;
}

/** The routes a handler serves, compiled once, and the whole table for the style of paths none takes. */
export class RouteMatcher {
  private readonly compiled: CompiledRoute[];

  constructor(
    readonly served: readonly Route[],
    readonly table: readonly Route[],
  ) {
    this.compiled = served.map(compileRoute);
  }

  /** The route for `method` at `path`, or the methods that are served there. */
  find(path: string, method: string): { at: CompiledRoute; match: RegExpExecArray } | { allowed: string[]; style: Route['style'] } {
    const allowed: string[] = [];
    let style: Route['style'] | undefined;
    for (const c of this.compiled) {
      const m = c.pattern.exec(path);
      if (!m) continue;
      if (c.route.method === method || (c.route.method === 'GET' && method === 'HEAD')) return { at: c, match: m };
      allowed.push(c.route.method);
      style ??= c.route.style;
    }
    return { allowed, style: style ?? styleAt(this.table, path) };
  }

  /** The methods served at `path` (HEAD where GET is). */
  methodsAt(path: string): string[] {
    const methods = this.compiled.filter((c) => c.pattern.test(path)).map((c) => c.route.method);
    return methods.includes('GET') ? [...methods, 'HEAD'] : methods;
  }
}

/** Finds the route; a failure when there is none to run. */
export function matchRoute(setup: HandlerSetup, x: Exchange): Response | undefined {
  const request = x.request;
  x.url = request instanceof LightRequest ? request.parsedUrl : new URL(request.url);
  const path = belowBase(x.url.pathname, setup.basePath);
  if (path === undefined) return failure('plain', 404, [error(httpCodes.notFound, `no route ${x.url.pathname}: gstkit serves ${setup.basePath}/`)]);
  x.path = path;
  const found = setup.matcher.find(path, request.method);
  if ('allowed' in found) {
    if (found.allowed.length === 0) return failure(found.style, 404, [error(httpCodes.notFound, `no route ${path}`)]);
    const res = failure(found.style, 405, [error(httpCodes.methodNotAllowed, `use ${found.allowed.join(' or ')}`)]);
    res.headers.set('allow', found.allowed.join(', '));
    return res;
  }
  x.route = found.at.route;
  const params = pathParams(found.at.names, found.match);
  if (!params) return failure(x.route.style, 400, [error(httpCodes.badUrl, 'the path has a malformed percent-escape or a NUL (%00)')]);
  x.params = params;
  return undefined;
}
