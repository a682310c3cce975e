/** Builds the page into `outDir` (default dist/playground); resolves with the files written, relative to it. */
export function buildPlayground(outDir?: string, options?: { minify?: boolean }): Promise<string[]>;
