export { normalize, type NormalizeResult } from './normalize.js';
