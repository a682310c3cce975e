/**
 * The answer style of a path that no served route takes: the style of the route table's route at that
 * path (one the host did not enable), else the style that the routes nearest to it share: those under the
 * deepest folder of the path that holds any (`/api/svc/einvoice/nothing` answers as the e-invoice routes
 * do). Routes of mixed styles share none, and the path is answered plainly.
 * @module
 */
import type { ResponseStyle, Route } from '../types.js';
import { compileRoute } from './match.js';

const compiledTables = new WeakMap<readonly Route[], Array<{ route: Route; pattern: RegExp }>>();

/** The style in which a failure at `path` (below the base path) is answered. */
export function styleAt(table: readonly Route[], path: string): ResponseStyle {
  let compiled = compiledTables.get(table);
  if (!compiled) {
    compiled = table.map(compileRoute);
    compiledTables.set(table, compiled);
  }
  const at = compiled.find((c) => c.pattern.test(path));
  return at ? at.route.style : styleNear(table, path);
}

/** The style the routes under the deepest folder of `path` that holds any share; 'plain' if they differ. */
export function styleNear(table: readonly Route[], path: string): ResponseStyle {
  for (let end = path.lastIndexOf('/'); end >= 0; end = end === 0 ? -1 : path.lastIndexOf('/', end - 1)) {
    const folder = path.slice(0, end + 1);
    const near = table.filter((route) => route.path.startsWith(folder));
    if (near.length === 0) continue;
    const style = near[0]!.style;
    return near.every((route) => route.style === style) ? style : 'plain';
  }
  return 'plain';
}
