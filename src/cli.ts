#!/usr/bin/env node
/**
 * The `gstkit` command. Each command is loaded only when called, so `gstkit validate` never loads the
 * PDF or Excel libraries.
 */
import { asksForHelp, commandHelp, overview, packageVersion } from './cli/help.js';
import { UsageError } from './cli/io.js';

type Command = (args: readonly string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  validate: async () => (await import('./cli/validate.js')).validateCommand,
  normalize: async () => (await import('./cli/validate.js')).normalizeCommand,
  compute: async () => (await import('./cli/compute.js')).computeCommand,
  render: async () => (await import('./cli/render.js')).renderCommand,
  masters: async () => (await import('./cli/masters.js')).mastersCommand,
  serve: async () => (await import('./cli/serve.js')).run,
  worker: async () => (await import('./cli/worker.js')).run,
  keys: async () => (await import('./cli/keys.js')).keysCommand,
  reconcile: async () => (await import('./cli/reconcile.js')).reconcileCommand,
  gstr1: async () => (await import('./cli/gstr1.js')).gstr1Command,
  gstr3b: async () => (await import('./cli/gstr3b.js')).gstr3bCommand,
  playground: async () => (await import('./cli/playground.js')).playgroundCommand,
};

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(packageVersion() + '\n');
    return 0;
  }
  if (name === undefined) {
    process.stderr.write(overview() + '\n');
    return 2;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    const topic = args[0];
    if (topic === undefined) process.stdout.write(overview() + '\n');
    else if (commandHelp[topic]) process.stdout.write(commandHelp[topic] + '\n');
    else throw new UsageError(`no command ${topic}\n${overview()}`);
    return 0;
  }
  const load = commands[name];
  if (!load) throw new UsageError(`unknown command ${name}\n${overview()}`);
  if (asksForHelp(args)) {
    process.stdout.write((commandHelp[name] ?? overview()) + '\n');
    return 0;
  }
  return (await load())(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (cause: unknown) => {
    if (cause instanceof UsageError) {
      process.stderr.write(`gstkit: ${cause.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`gstkit: internal error: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}\n`);
      process.exitCode = 70;
    }
  },
);
