export { normalize, type NormalizeResult } from './normalize.js';
export type { CoercionReport } from './coercion-summary.js';
