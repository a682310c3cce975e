/**
 * Works every line of a document through {@link computeLine}.
 * @module
 */

import { computeLine, type ComputedLine } from './line.js';
import { list, obj } from './payload.js';
import { supplyOf, type Supply } from './supply.js';

/** A document's lines worked through; entries that are not objects are left out but keep their index. */
export interface WorkedLines {
  supply: Supply;
  lines: Array<{ index: number; line: ComputedLine }>;
}

export function workLines(doc: unknown, recompute = false): WorkedLines {
  const supply = supplyOf(doc);
  const items = list(obj(doc)['ItemList']);
  const lines: WorkedLines['lines'] = [];
  items.forEach((item, index) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      lines.push({ index, line: computeLine(item, supply, recompute) });
    }
  });
  return { supply, lines };
}
