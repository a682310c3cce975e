/**
 * What every part of the connector shares once the settings are checked: addresses, headers, the wire,
 * the session store and the clock.
 * @module
 */
import type { HeaderBase } from './headers.js';
import type { GstnPaths, LargeFileOptions, Prepared } from './options.js';
import type { GstnSessionStore } from './sessions.js';
import type { WireSettings } from './wire.js';

export interface Context {
  prepared: Prepared;
  headers: HeaderBase;
  wire: WireSettings;
  store: GstnSessionStore;
  now(): number;
  renewBeforeMs: number;
  tokenLifetimeMs: number;
  otpRequestLifetimeMs: number;
  leaseMs: number;
  large: Required<LargeFileOptions>;
  gstr2aSections: readonly string[];
}

/** The address of an API with its query. */
export function apiUrl(ctx: Context, api: keyof GstnPaths, query: Record<string, string> = {}): string {
  const path = ctx.prepared.paths[api];
  const url = new URL(ctx.prepared.baseUrl + (path.startsWith('/') ? path : `/${path}`));
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}
