/**
 * The page built into a temporary folder and served as `gstkit serve` serves it (the fetch handler with
 * the page in front, on node:http), for the Chromium test and the benchmark; and the Chromium to drive it.
 * @module
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildPlayground } from '../../scripts/build-playground.mjs';
import { createGstHandler } from '../../src/http/index.js';
import { createGstServer } from '../../src/http/node-server.js';
import { withPage, type PageFile } from '../../src/http/page.js';

export const chromiumPath = process.env['GSTKIT_CHROMIUM'] ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);

export interface ServedPage {
  url: string;
  dir: string;
  close(): Promise<void>;
}

function filesOf(dir: string): Map<string, PageFile> {
  const files = new Map<string, PageFile>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full).split(path.sep).join('/'), { body: new Uint8Array(readFileSync(full)) });
  }
  return files;
}

/** Builds the page and serves it with an API behind it that answers 404 for lack of providers. */
export async function servePage(): Promise<ServedPage> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gstkit-page-'));
  await buildPlayground(dir);
  const handler = createGstHandler({ authenticate: () => ({ ok: false, status: 401, message: 'no keys here' }) });
  const server: Server = createGstServer(withPage(handler, filesOf(dir)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    dir,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
