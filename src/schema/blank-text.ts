/**
 * A blank text is one finding: an empty `Unit` breaks its minimum length, its pattern and the unit master,
 * and the schema reports each; the sender made one mistake, so one issue is kept (the first, the length).
 * @module
 */

import type { Issue } from '../issue.js';
import { svcCodes } from './codes.js';

/** The value a JSON Pointer names in a payload, or undefined. */
function at(value: unknown, path: string): unknown {
  let node = value;
  for (const raw of path.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/**
 * The schema issues with one issue left about each blank text of `payload`: the length one where there is
 * one (SVC-103 says "blank" best), else the first.
 */
export function oneIssuePerBlankText(issues: Issue[], payload: unknown): Issue[] {
  const kept = new Map<string, Issue>();
  for (const issue of issues) {
    const text = at(payload, issue.path);
    if (typeof text !== 'string' || text.trim() !== '') continue;
    const first = kept.get(issue.path);
    if (first === undefined || (issue.code === svcCodes.minLength.code && first.code !== svcCodes.minLength.code)) kept.set(issue.path, issue);
  }
  if (kept.size === 0) return issues;
  return issues.filter((issue) => !kept.has(issue.path) || kept.get(issue.path) === issue);
}
