import { fileURLToPath } from 'node:url';

/**
 * Absolute path of a file shipped with the package (package.json, docs/examples/), for the command line.
 * Works from src/ under the test runner and from dist/ once built: both sit one level below the package root.
 * The core reads no package file: its schemas and masters are modules, and its fonts come through the PDF
 * renderer's font loader.
 */
export function packageFile(relativePath: string): string {
  return fileURLToPath(new URL(`../${relativePath}`, import.meta.url));
}
