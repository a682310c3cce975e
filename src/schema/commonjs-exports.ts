/**
 * The exports object of a CommonJS module imported as an ES module namespace, whichever way the loader
 * presents it. Node gives the whole `module.exports` as the namespace's `default`; loaders that interoperate
 * the Babel way (vitest, bundlers outside Node mode) spread its members onto the namespace and give its own
 * `default` member as `default`. The validators compiled ahead of time read Ajv's run-time helpers through it.
 * @module
 */
export function commonJsExports(namespace: object): Record<string, unknown> {
  const whole = (namespace as { default?: unknown }).default;
  // Only a module marked __esModule has a `default` member of its own that the two readings disagree on.
  if (whole !== null && (typeof whole === 'object' || typeof whole === 'function') && (whole as { __esModule?: unknown }).__esModule === true) {
    return whole as Record<string, unknown>;
  }
  return namespace as Record<string, unknown>;
}
