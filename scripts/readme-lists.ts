/**
 * README's command list and kind list, written from the code (`src/cli/help.ts`, `src/kinds.ts`) between
 * markers, so that neither falls behind a new command or kind.
 */
import { commandLines } from '../src/cli/help.js';
import { requestKinds, responseKinds } from '../src/kinds.js';

const commandsMarker = { start: '<!-- generated: commands (npm run gen:readme) -->', end: '<!-- end generated: commands -->' };
const kindsMarker = { start: '<!-- generated: kinds (npm run gen:readme) -->', end: '<!-- end generated: kinds -->' };

/** The fenced block of every command with what it does. */
export function commandsBlock(): string {
  const rows = commandLines.flatMap(({ usage, does }) => {
    const [first, ...rest] = usage.split('\n').map((l) => l.trim());
    return [{ text: `gstkit ${first}`, does }, ...rest.map((l) => ({ text: `        ${l}`, does: '' }))];
  });
  // A usage too long to share its line with what it does gets that on the line after it, aligned.
  const width = Math.max(...rows.filter((r) => r.does !== '' && r.text.length <= 60).map((r) => r.text.length));
  const lines: string[] = [];
  rows.forEach((r, i) => {
    const last = rows[i + 1]?.does !== '';
    if (r.does === '' && !last) lines.push(r.text);
    else if (r.does !== '' && r.text.length <= width && last) lines.push(`${r.text.padEnd(width)}   # ${r.does}`);
    else {
      lines.push(r.text);
      if (last)
        lines.push(
          `${''.padEnd(width)}   # ${
            r.does ||
            (rows
              .slice(0, i)
              .reverse()
              .find((p) => p.does !== '')?.does ??
              '')
          }`,
        );
    }
  });
  return ['```text', ...lines, 'gstkit help [command]'.padEnd(width) + '   # usage; `gstkit <command> --help` too', 'gstkit --version', '```'].join('\n');
}

const code = (names: readonly string[]): string => names.map((n) => `\`${n}\``).join(', ');

/** The paragraph naming every kind. */
export function kindsParagraph(): string {
  return wrap(
    `Kinds: requests ${code(requestKinds)}; responses ${code(responseKinds)}. A complete example of each is in [docs/examples/](docs/examples/), and its JSON Schema in [schemas/](schemas/).`,
    110,
  );
}

function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

function replaceBetween(text: string, marker: { start: string; end: string }, body: string): string {
  const start = text.indexOf(marker.start);
  const end = text.indexOf(marker.end);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${marker.start} ... ${marker.end}`);
  return `${text.slice(0, start + marker.start.length)}\n${body}\n${text.slice(end)}`;
}

/** README.md with both lists written afresh. */
export function withGeneratedLists(readme: string): string {
  return replaceBetween(replaceBetween(readme, commandsMarker, commandsBlock()), kindsMarker, kindsParagraph());
}
