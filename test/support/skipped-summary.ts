/**
 * Vitest global setup: outside CI a test whose PostgreSQL or Redis is missing skips (services.ts), which a
 * developer would not notice among hundreds of passes. Each such test file notes itself in a log this
 * setup names; at the end of the run the teardown lists them and the command that starts the servers.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LONG_SUITES } from '../../vitest.config.js';

const SERVERS = { DATABASE_URL: 'PostgreSQL (DATABASE_URL)', REDIS_URL: 'Redis (REDIS_URL)' } as const;

/** The summary of a skip log's lines (`NAME file`), or '' when nothing skipped. */
export function skippedSummary(log: string): string {
  const byServer = new Map<string, Set<string>>();
  for (const line of log.split('\n')) {
    const [name, file] = line.split(' ');
    if (!name || !file) continue;
    const files = byServer.get(name) ?? new Set<string>();
    files.add(file);
    byServer.set(name, files);
  }
  if (byServer.size === 0) return '';
  const lines = ['', 'Skipped for want of a server (they run in CI):'];
  for (const [name, files] of byServer) {
    lines.push(`  without ${SERVERS[name as keyof typeof SERVERS] ?? name}: ${files.size} test file(s)`);
    for (const f of [...files].sort()) lines.push(`    ${f}`);
  }
  lines.push(
    'To run them too, start a throw-away PostgreSQL and Redis (installed from Debian if missing, as root) and test again:',
    '  eval "$(bash .ci/services start .tmp/services)" && npm test',
    '  (bash .ci/services stop .tmp/services stops them)',
    '',
  );
  return lines.join('\n');
}

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'gstkit-skipped-'));
  const log = join(dir, 'log');
  // Inherited by the test workers, which start after this.
  process.env['GSTKIT_SKIPPED_LOG'] = log;
  // A whole run (no file filters after `vitest run`) on a developer's machine says what it left out, too.
  const filtered = process.argv.slice(process.argv.indexOf('run') + 1).some((a) => !a.startsWith('-'));
  const all = process.env['CI'] === 'true' || process.env['GSTKIT_TEST_ALL'] === '1';
  return () => {
    const summary = existsSync(log) ? skippedSummary(readFileSync(log, 'utf8')) : '';
    if (summary) process.stdout.write(summary + '\n');
    if (!all && !filtered && process.argv.includes('run')) {
      process.stdout.write(`Left out: the ${LONG_SUITES.length} long suites of vitest.config.ts (LONG_SUITES); npm run test:all runs them.\n`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
