/**
 * The step that reads a route's JSON body and passes it through the rules engine (`validate`) before any
 * provider is called. Routes without a request kind read their own body, if any.
 * @module
 */
import { error } from '../../issue.js';
import { istDate } from '../../compute/dates.js';
import { validate, validateHandedOver } from '../../validate.js';
import { readJson } from '../body.js';
import { httpCodes } from '../codes.js';
import type { Route } from '../types.js';
import type { Exchange } from './exchange.js';
import { failure, refusedBody, unreadBody } from './failure.js';
import type { HandlerSetup } from './setup.js';

type Obj = Record<string, unknown>;

/** Reads and validates the body; a failure when it cannot be read or the rules refuse it. */
export async function readBody(setup: HandlerSetup, x: Exchange): Promise<Response | undefined> {
  const route = x.route as Route;
  const kind = route.requestKind;
  if (!kind) return undefined;
  const read = await readJson(x.request, setup.bodyLimit, x.extras);
  if (!read.ok) return unreadBody(route.style, read.status, read.issue);
  // A refused body still names its document in the audit log (only short identifying fields are kept).
  if (read.value !== null && typeof read.value === 'object' && !Array.isArray(read.value)) x.auditBody = read.value as Obj;
  const { options } = setup;
  const validateOptions = {
    today: istDate(setup.clock.now()),
    ...(options.reportingWindowDays !== undefined ? { reportingWindowDays: options.reportingWindowDays } : {}),
    ...(x.company.aato !== undefined ? { aato: x.company.aato } : {}),
  };
  // A body this handler parsed is its own to keep in the validated value; one the host parsed is copied.
  const checked = read.parsed ? validateHandedOver(kind, read.value, validateOptions, read.parsed) : validate(kind, read.value, validateOptions);
  if (!checked.ok) return refusedBody(route.style, checked.errors);
  if (checked.value === null || typeof checked.value !== 'object' || Array.isArray(checked.value)) {
    return failure(route.style, 400, [error(httpCodes.malformedJson, 'the body must be a JSON object')]);
  }
  x.body = checked.value as unknown as Obj; // each route reads its own kind field by field
  x.auditBody = x.body;
  return undefined;
}
