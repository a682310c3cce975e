import { readFileSync } from 'node:fs';

/** A misuse of the command line: one line on stderr, exit code 2. */
export class UsageError extends Error {}

/** Reads a file, or standard input for `-`. */
export function readInput(source: string | undefined): Buffer {
  if (source === undefined) throw new UsageError('missing input: give a file name or - for standard input');
  try {
    return source === '-' ? readFileSync(0) : readFileSync(source);
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code ?? (cause instanceof Error ? cause.message : String(cause));
    throw new UsageError(`cannot read ${source === '-' ? 'standard input' : source}: ${reason}`);
  }
}

/** Reads and parses a JSON document from a file or standard input. */
export function readJson(source: string | undefined): unknown {
  const text = readInput(source).toString('utf8');
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (cause) {
    throw new UsageError(`${source === '-' ? 'standard input' : source} is not JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/**
 * Splits `--name value` options from positional arguments; options listed in `known` only. Names in
 * `switches` take no value (`--strict`); they are recorded with the value `true`.
 */
export function parseOptions(
  args: readonly string[],
  known: readonly string[],
  switches: readonly string[] = [],
): { positional: string[]; options: Map<string, string> } {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (switches.includes(name) && inline === undefined) {
        options.set(name, 'true');
        continue;
      }
      if (!known.includes(name)) throw new UsageError(`unknown option --${name}`);
      const value = inline ?? args[++i];
      if (value === undefined) throw new UsageError(`option --${name} needs a value`);
      options.set(name, value);
    } else {
      positional.push(arg);
    }
  }
  return { positional, options };
}

/** Writes bytes or text to standard output and waits until they are flushed. */
export function writeOut(data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(data, (err) => (err ? reject(err) : resolve()));
  });
}
