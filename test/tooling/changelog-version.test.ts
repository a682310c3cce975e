/**
 * Releasing is `npm version <bump>`: its `version` script turns the CHANGELOG's Unreleased section into
 * the new version, and refuses a release with nothing to say.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const script = join(root, 'scripts/changelog-version.mjs');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
  publishConfig?: Record<string, unknown>;
};

function release(version: string, changelog: string): { status: number | null; text: string; stderr: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'gstkit-changelog-')), 'CHANGELOG.md');
  writeFileSync(file, changelog);
  const run = spawnSync(process.execPath, [script, version, file], { encoding: 'utf8' });
  return { status: run.status, text: readFileSync(file, 'utf8'), stderr: run.stderr };
}

describe('npm version and the CHANGELOG', () => {
  it('turns Unreleased into the version, dated today, under a new empty Unreleased', () => {
    const r = release('0.2.0', '# Changelog\n\n## [Unreleased]\n\n### Added\n- A thing.\n\n## [0.1.0] - 2026-11-22\n\nFirst.\n');
    const today = new Date().toISOString().slice(0, 10);
    expect(r.status).toBe(0);
    expect(r.text).toBe(`# Changelog\n\n## [Unreleased]\n\n## [0.2.0] - ${today}\n\n### Added\n- A thing.\n\n## [0.1.0] - 2026-11-22\n\nFirst.\n`);
  });

  it('refuses an empty Unreleased section and a version released already, leaving the file as it was', () => {
    const empty = '# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-11-22\n\nFirst.\n';
    const r = release('0.2.0', empty);
    expect([r.status, r.text]).toEqual([1, empty]);
    expect(r.stderr).toContain('Unreleased section is empty');
    const again = '# Changelog\n\n## [Unreleased]\n\n### Fixed\n- x\n\n## [0.1.0] - 2026-11-22\n';
    expect(release('0.1.0', again)).toMatchObject({ status: 1, text: again });
  });

  it('is wired to npm version, the package is ready for npm publish --provenance, and the CHANGELOG dates its versions', () => {
    expect(pkg.scripts['version']).toBe('node scripts/changelog-version.mjs && git add CHANGELOG.md');
    expect(pkg.publishConfig).toMatchObject({ access: 'public', provenance: true });
    const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(/^## \[Unreleased\]$/m);
    expect(changelog).toMatch(new RegExp(`^## \\[${pkg.version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'));
  });
});
