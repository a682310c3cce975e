/**
 * The step that reads the query's flags as the route declares them, and holds a route that acts for one of
 * the company's GSTINs to the ones the company has (403).
 * @module
 */
import { error } from '../../issue.js';
import { httpCodes } from '../codes.js';
import { readFlags } from '../query.js';
import type { Route } from '../types.js';
import type { Exchange } from './exchange.js';
import { failure } from './failure.js';

/** Reads the flags; a failure when one is missing or malformed, or names a GSTIN the company may not act for. */
export function readRouteFlags(x: Exchange): Response | undefined {
  const route = x.route as Route;
  // A URL without a query needs no URLSearchParams built.
  const flags = readFlags(x.url.search === '' ? undefined : x.url.searchParams, route.flags);
  if (flags.errors.length > 0) return failure(route.style, 400, flags.errors);
  x.flags = flags.values;
  if (flags.values.gstin) x.gstin = flags.values.gstin;
  const own = route.ownGstinFlag ? flags.values[route.ownGstinFlag] : undefined;
  if (own && !x.company.gstins.includes(own))
    return failure(route.style, 403, [error(httpCodes.forbidden, `the company may not act for GSTIN ${own}`, '/query/gstin')]);
  return undefined;
}
