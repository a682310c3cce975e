import { execFileSync, spawnSync } from 'node:child_process';

/** Whether a command-line tool is on PATH (zbarimg, pdftotext, pdftoppm). */
export function hasTool(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

export function run(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}
