/**
 * What every step of the handler reads and never changes: the host's options, the clock, the body limit,
 * the base path and the routes this handler serves. Built once by `createGstHandler`.
 * @module
 */
import type { Clock } from '../../clock.js';
import type { GstHandlerOptions } from '../types.js';
import type { RouteMatcher } from './match.js';

export interface HandlerSetup {
  readonly options: GstHandlerOptions;
  readonly clock: Clock;
  /** Largest accepted body in bytes. */
  readonly bodyLimit: number;
  /** Normalised: '' for none, else one leading slash and no trailing one. */
  readonly basePath: string;
  /** The routes this handler serves, compiled. */
  readonly matcher: RouteMatcher;
}
