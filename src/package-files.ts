import { fileURLToPath } from 'node:url';

/**
 * Absolute path of a file shipped with the package (schemas/, masters/, fonts/).
 * Works from src/ under the test runner and from dist/ once built: both sit one level below the package root.
 */
export function packageFile(relativePath: string): string {
  return fileURLToPath(new URL(`../${relativePath}`, import.meta.url));
}
