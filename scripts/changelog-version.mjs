// `npm version <patch|minor|major|x.y.z>` runs this (the `version` script) after writing the new version
// into package.json and before its commit: the CHANGELOG's Unreleased section becomes that version,
// dated today, under a new empty Unreleased heading, and is staged for npm's commit and tag.
//   node scripts/changelog-version.mjs [VERSION] [FILE]   (defaults: package.json's version, CHANGELOG.md)
import { readFileSync, writeFileSync } from 'node:fs';

const version = process.argv[2] ?? JSON.parse(readFileSync('package.json', 'utf8')).version;
const file = process.argv[3] ?? 'CHANGELOG.md';
const text = readFileSync(file, 'utf8');
const heading = '## [Unreleased]\n';
const start = text.indexOf(heading);
if (start < 0) fail(`${file} has no "${heading.trim()}" heading`);
if (text.includes(`## [${version}]`)) fail(`${file} has a section for ${version} already`);
const after = start + heading.length;
const next = text.indexOf('\n## [', after);
const body = text.slice(after, next < 0 ? undefined : next + 1);
if (!/^### /m.test(body)) fail(`${file}'s Unreleased section is empty: say what ${version} changes before releasing it`);
const today = new Date().toISOString().slice(0, 10);
writeFileSync(file, `${text.slice(0, after)}\n## [${version}] - ${today}\n${text.slice(after)}`);
console.log(`${file}: Unreleased is now ${version} (${today})`);

function fail(message) {
  console.error(`changelog-version: ${message}`);
  process.exit(1);
}
