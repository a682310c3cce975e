#!/usr/bin/env node
/**
 * The `gstkit` command. Each command is loaded only when called, so `gstkit validate` never loads the
 * PDF or Excel libraries.
 */
import { UsageError } from './cli/io.js';

type Command = (args: readonly string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  validate: async () => (await import('./cli/validate.js')).validateCommand,
  normalize: async () => (await import('./cli/validate.js')).normalizeCommand,
  compute: async () => (await import('./cli/compute.js')).computeCommand,
  render: async () => (await import('./cli/render.js')).renderCommand,
  masters: async () => (await import('./cli/masters.js')).mastersCommand,
  serve: async () => (await import('./cli/serve.js')).run,
};

const usage = `usage: gstkit <command> ...
  validate <kind> <file|-> [--today DD/MM/YYYY] [--hsn-master FILE] [--aato RUPEES] [--irp IRP1..IRP6]
           [--environment sandbox|production] [--strict]
  normalize <kind> <file|->
  compute irn <file|->
  render qr <file|-> [--format png|jpeg|gif] [--quality standard|high]
  render einvoice-pdf <irn-record.json> [--invoice FILE]
  render ewaybill-pdf <ewb-detail.json>
  serve [--port N]
  masters import-hsn <HSN_SAC.xlsx> --out FILE`;

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage + '\n');
    return name === undefined ? 2 : 0;
  }
  const load = commands[name];
  if (!load) throw new UsageError(`unknown command ${name}\n${usage}`);
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
