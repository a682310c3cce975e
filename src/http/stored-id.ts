/**
 * An id from the path, as the store is asked about it. A NUL (`%00`) is a character no store keeps in text
 * (PostgreSQL refuses it outright), so an id holding one names nothing: routes answer it as not found,
 * without asking the store.
 * @module
 */
import type { RouteContext } from './types.js';

/** The path parameter `name`, or undefined when it cannot name a stored record. */
export function storedId(ctx: RouteContext, name: string): string | undefined {
  const id = ctx.params[name] ?? '';
  return id.includes('\u0000') ? undefined : id;
}
