/** README's command and kind lists are written from the code (npm run gen:readme) and kept current. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandHelp, commandLines } from '../../src/cli/help.js';
import { kinds, requestKinds } from '../../src/kinds.js';
import { withGeneratedLists } from '../../scripts/readme-lists.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("README's generated lists", () => {
  it('are what the code gives (npm run gen:readme writes them)', () => {
    expect(withGeneratedLists(readme)).toBe(readme);
  });

  it('name every kind and every command with a help text', () => {
    for (const kind of kinds) expect(readme).toContain(`\`${kind}\``);
    for (const command of Object.keys(commandHelp)) expect(commandLines.some((c) => c.usage.startsWith(command))).toBe(true);
  });

  it('fall stale when a kind is dropped from the text, and the check sees it', () => {
    const stale = readme.replace('`ewb-by-irn`, ', '');
    expect(stale).not.toBe(readme);
    expect(withGeneratedLists(stale)).toBe(readme);
  });

  it("validate's help names every request kind", () => {
    const help = (commandHelp.validate ?? '').replace(/\s+/g, ' ');
    for (const kind of requestKinds) expect(help).toMatch(new RegExp(`[ ,]${kind}[ ,]`));
  });
});
