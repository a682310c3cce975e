/**
 * Where a file shipped with the package is on disk, for the hosts that read one (the command line's help
 * and walkthrough). Works from src/ under the test runner and from dist/ once built: both sit one level
 * below the package root. The core reads no package file: its schemas and masters are modules, and its
 * fonts come through the PDF renderer's font loader.
 * @module
 */
import { nodeBuiltin } from './platform/node-builtin.js';

interface NodeUrl {
  fileURLToPath(url: URL): string;
}

/** Absolute path of a file shipped with the package (schemas/, docs/examples/, package.json); throws where the runtime has no file system. */
export function packageFile(relativePath: string): string {
  const url = nodeBuiltin<NodeUrl>('node:url');
  if (!url) throw new Error(`${relativePath}: this runtime has no file system to find the package's files in`);
  return url.fileURLToPath(new URL(`../${relativePath}`, import.meta.url));
}
