/**
 * `gstkit playground --out DIR`: writes the page as static files anyone can host (any web server, a CDN,
 * a folder opened over https). The page runs gstkit in the browser; it calls no server.
 * @module
 */
import { commandHelp } from './help.js';
import { copyPage, pageFileCodes } from './page-files.js';

export async function playgroundCommand(args: readonly string[]): Promise<number> {
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--out' || a === '-o') out = args[++i];
    else if (a.startsWith('--out=')) out = a.slice('--out='.length);
    else {
      process.stderr.write(`gstkit: unknown argument ${a}\n${commandHelp['playground']}\n`);
      return 2;
    }
  }
  if (!out) {
    process.stderr.write(`gstkit: ${pageFileCodes.badOutDir}: --out DIR is needed\n${commandHelp['playground']}\n`);
    return 2;
  }
  const copied = copyPage(out);
  if (!copied.ok) {
    process.stderr.write(`gstkit: ${copied.message}\n`);
    return 1;
  }
  process.stdout.write(
    `wrote the page to ${out} (${copied.files.length} files): serve the folder over https or from localhost (for example: npx http-server ${out}); opened from file:// the browser refuses its scripts\n`,
  );
  return 0;
}
