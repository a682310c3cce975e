/**
 * Text files the portable tests import: the runner's esbuild bundles them as strings, so the tests need no
 * file system on any runtime.
 */
declare module '*.csv' {
  const text: string;
  export default text;
}
