import type { ErrorObject } from 'ajv';
import { error, readablePath, pointerSegment, type Issue } from '../issue.js';
import { svcCodes, type SvcCode } from './codes.js';
import { gstFormats } from './formats.js';
import { describeDigits, digitLimits } from './digits.js';

/**
 * Turns Ajv's errors into gstkit issues: an SVC code, a JSON Pointer and a plain English message.
 * `anyOf`/`oneOf` failures are collapsed to the most specific issue of their branches.
 */
export function translateAjvErrors(errors: readonly ErrorObject[]): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const err of collapseAlternatives(errors)) {
    const issue = translateOne(err);
    if (!issue) continue;
    const key = `${issue.code}|${issue.path}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

/**
 * Ajv reports an anyOf/oneOf failure after the failures of every branch (the errors since the branch
 * started, all at or below the same instance path). Keep only the deepest of them, and merge plain type
 * mismatches into one.
 */
function collapseAlternatives(errors: readonly ErrorObject[]): ErrorObject[] {
  const out: ErrorObject[] = [];
  for (const err of errors) {
    if (err.keyword !== 'anyOf' && err.keyword !== 'oneOf') {
      out.push(err);
      continue;
    }
    if (err.keyword === 'oneOf' && err.params && (err.params as { passingSchemas?: unknown }).passingSchemas) {
      out.push(err); // more than one branch matched: a real, separate problem
      continue;
    }
    const prefix = err.instancePath;
    let start = out.length;
    while (start > 0 && isAtOrBelow(out[start - 1]!.instancePath, prefix)) start -= 1;
    const branchErrors = out.splice(start);
    const meaningful = branchErrors.filter((e) => !(e.keyword === 'type' && e.instancePath === prefix));
    if (meaningful.length > 0) {
      const deepest = Math.max(...meaningful.map((e) => depth(e.instancePath)));
      out.push(...meaningful.filter((e) => depth(e.instancePath) === deepest));
    } else {
      const types = new Set<string>();
      for (const e of branchErrors) for (const t of String((e.params as { type?: unknown }).type ?? '').split(',')) if (t) types.add(t);
      out.push({ ...err, keyword: 'type', params: { type: [...types].join(',') } });
    }
  }
  return out;
}

const isAtOrBelow = (path: string, prefix: string): boolean => path === prefix || path.startsWith(prefix + '/');
const depth = (path: string): number => (path === '' ? 0 : path.split('/').length - 1);

function describeType(types: string): string {
  const words: Record<string, string> = {
    string: 'text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    object: 'an object',
    array: 'a list',
    null: 'null',
  };
  return types
    .split(',')
    .map((t) => words[t] ?? t)
    .join(' or ');
}

function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, 15).map((v) => JSON.stringify(v));
  return shown.join(', ') + (values.length > 15 ? ', ...' : '');
}

function issue(code: SvcCode, path: string, text: string): Issue {
  return error(code.code, `${readablePath(path)}: ${text}`, path);
}

function translateOne(err: ErrorObject): Issue | undefined {
  const path = err.instancePath;
  const params = err.params as Record<string, unknown>;
  const parent = (err.parentSchema ?? {}) as Record<string, unknown>;
  switch (err.keyword) {
    case 'required': {
      const field = String(params.missingProperty);
      return issue(svcCodes.required, `${path}/${pointerSegment(field)}`, 'is required');
    }
    case 'additionalProperties': {
      const field = String(params.additionalProperty);
      return issue(svcCodes.unknownField, `${path}/${pointerSegment(field)}`, 'is not a field of this payload');
    }
    case 'type':
      return issue(svcCodes.type, path, `must be ${describeType(String(params.type))}`);
    case 'maxLength':
      return issue(svcCodes.maxLength, path, `at most ${String(params.limit)} characters`);
    case 'minLength':
      return Number(params.limit) <= 1
        ? issue(svcCodes.minLength, path, 'must not be empty')
        : issue(svcCodes.minLength, path, `at least ${String(params.limit)} characters`);
    case 'pattern': {
      const said = typeof parent.patternMessage === 'string' ? parent.patternMessage : `must match ${String(params.pattern)}`;
      const length = typeof parent.maxLength === 'number' ? `at most ${parent.maxLength} characters, ` : '';
      return issue(svcCodes.pattern, path, length + said);
    }
    case 'enum':
      return issue(svcCodes.enum, path, `must be one of ${listValues(params.allowedValues as unknown[])}`);
    case 'const':
      return issue(svcCodes.enum, path, `must be ${JSON.stringify(params.allowedValue)}`);
    case 'digits': {
      const limits = digitLimits(err.schema as [number, number]);
      return issue(svcCodes.digits, path, describeDigits(limits));
    }
    case 'multipleOf': {
      const step = Number(params.multipleOf);
      const decimals = Number.isFinite(step) && step > 0 && step < 1 ? Math.round(-Math.log10(step)) : undefined;
      return issue(
        svcCodes.digits,
        path,
        decimals !== undefined && 10 ** -decimals === step ? `at most ${decimals} decimals` : `must be a multiple of ${String(params.multipleOf)}`,
      );
    }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const words = { minimum: 'at least', exclusiveMinimum: 'more than', maximum: 'at most', exclusiveMaximum: 'less than' };
      return issue(svcCodes.range, path, `must be ${words[err.keyword]} ${String(params.limit)}`);
    }
    case 'minItems':
      return issue(svcCodes.itemCount, path, `must have at least ${String(params.limit)} entr${params.limit === 1 ? 'y' : 'ies'}`);
    case 'maxItems':
      return issue(svcCodes.itemCount, path, `must have at most ${String(params.limit)} entries`);
    case 'uniqueItems':
      return issue(svcCodes.duplicate, path, `entries ${String(params.j)} and ${String(params.i)} are the same`);
    case 'format': {
      const name = String(params.format);
      const known = gstFormats[name];
      if (known) return issue(known.code, path, `must be ${known.expectation}`);
      if (name === 'email') return issue(svcCodes.email, path, 'must be an e-mail address');
      return issue(svcCodes.invalid, path, `must be a valid ${name}`);
    }
    case 'if':
    case 'then':
    case 'else':
    case 'allOf':
      return undefined; // the failures inside the branch are reported on their own
    case 'not':
      return issue(svcCodes.invalid, path, typeof parent.description === 'string' ? `not allowed here (${parent.description})` : 'is not allowed here');
    default:
      return issue(svcCodes.invalid, path, err.message ?? 'is invalid');
  }
}
