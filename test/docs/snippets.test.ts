/**
 * Every code snippet of README.md and docs/ runs. Each fenced block names its language; TypeScript blocks
 * are type-checked (strict) and executed, with `gstkit` imports pointed at the sources, the names they take
 * as given supplied by snippet-context.ts, and any server they start moved to a free port and asked for
 * /openapi.json. Shell blocks run with `gstkit` on the PATH. A comment line just before a block may say
 * what it needs:
 *
 *   <!-- snippet: skip REASON -->              not run (installs, benchmarks, blocks another test runs)
 *   <!-- snippet: typecheck REASON -->         type-checked only (needs a service CI does not name)
 *   <!-- snippet: files NAME=PATH ... -->      copies PATH (from the repository) into the folder as NAME first
 *   <!-- snippet: needs NAME -->               runs only when an earlier block of the file made NAME
 *
 * Blocks of one file run in order in one folder, so a later block may use what an earlier one wrote.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
const scratch = mkdtempSync(join(root, '.tmp-snippets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Block {
  file: string;
  index: number;
  line: number;
  lang: string;
  code: string;
  directive: { kind: 'run' | 'skip' | 'typecheck'; reason?: string; files: Array<[string, string]>; needs: string[] };
}

function markdownFiles(): string[] {
  const out = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== join('docs', 'api')) walk(path);
      } else if (entry.name.endsWith('.md')) out.push(path);
    }
  };
  walk('docs');
  return out.sort();
}

function blocksOf(file: string): Block[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!);
    const comment = /^<!-- snippet: (\w+)\s*(.*?)\s*-->$/.exec(lines[start - 1] ?? '');
    const directive: Block['directive'] = { kind: 'run', files: [], needs: [] };
    if (comment) {
      const [, word, rest] = comment as unknown as [string, string, string];
      if (word === 'skip' || word === 'typecheck') Object.assign(directive, { kind: word, reason: rest });
      else if (word === 'files') directive.files = rest.split(/\s+/).map((pair) => pair.split('=') as [string, string]);
      else if (word === 'needs') directive.needs = rest.split(/\s+/);
      else throw new Error(`${file}:${start}: unknown snippet directive ${word}`);
    }
    blocks.push({ file, index: blocks.length, line: start + 1, lang: open[1]!, code: body.join('\n') + '\n', directive });
  }
  return blocks;
}

const files = markdownFiles();
const all = files.flatMap(blocksOf);
const code = all.filter((b) => b.lang === 'ts' || b.lang === 'sh');

/** Where each `gstkit/...` import lives in the sources, read from package.json's exports. */
const exportsMap = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports as Record<string, { default?: string } | string>;
function sourceOf(specifier: string): string | undefined {
  const key = specifier === 'gstkit' ? '.' : './' + specifier.slice('gstkit/'.length);
  const target = exportsMap[key];
  const built = typeof target === 'string' ? target : target?.default;
  if (!built?.startsWith('./dist/')) return undefined;
  return join(root, 'src', built.slice('./dist/'.length).replace(/\.js$/, '.ts'));
}

const contextFile = join(root, 'test/docs/snippet-context.ts');
const contextNames = [
  'options',
  'myHandler',
  'submitToIrp',
  'lookUpCompany',
  'MyGspClient',
  'toSpecTime',
  'toIst',
  'myGspPortal',
  'myReturnStore',
  'writeToObjectStore',
  'readFromObjectStore',
];

/** The snippet as a module of its own: imports resolved, the names it takes as given imported. */
function moduleText(block: Block, dir: string): string {
  let text = block.code.replace(/from '(gstkit(?:\/[\w/]+)?)'/g, (whole, spec: string) => {
    const source = sourceOf(spec);
    if (!source) throw new Error(`${block.file}:${block.line}: ${spec} is not a subpath of the package`);
    return `from '${relative(dir, source)
      .replace(/\\/g, '/')
      .replace(/^(?!\.)/, './')}'`;
  });
  text = text.replace(/from '@\/lib\/gstkit'/g, `from '${relative(dir, contextFile).replace(/^(?!\.)/, './')}'`);
  const declared = (name: string) => new RegExp(`(import[^;]*\\b${name}\\b[^;]*from|(const|let|function|interface|type|class)\\s+${name}\\b)`).test(text);
  const given = contextNames.filter((n) => new RegExp(`\\b${n}\\b`).test(text) && !declared(n));
  const prelude = given.length ? `import { ${given.join(', ')} } from '${relative(dir, contextFile).replace(/^(?!\.)/, './')}';\n` : '';
  return prelude + text + '\nexport {};\n';
}

/** Runs a module, then asks every server it started (and any fetch handler it exports) for /openapi.json. */
const driver = `
import net from 'node:net';
const servers = [];
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  servers.push(this);
  if (typeof args[0] === 'number' || typeof args[0] === 'string') args[0] = 0;
  else if (args[0] && typeof args[0] === 'object') args[0] = { ...args[0], port: 0 };
  return listen.apply(this, args);
};
const mod = await import(process.argv[2]);
let asked = 0;
for (const server of servers) {
  if (!server.listening) await new Promise((resolve, reject) => { server.once('listening', resolve); server.once('error', reject); });
  const res = await fetch('http://127.0.0.1:' + server.address().port + '/openapi.json');
  if (res.status !== 200) throw new Error('the server answered /openapi.json with ' + res.status);
  asked++;
}
for (const fetcher of [mod.default?.fetch?.bind(mod.default), mod.GET]) {
  if (typeof fetcher !== 'function') continue;
  const res = await fetcher(new Request('http://docs.test/openapi.json'));
  if (res.status !== 200) throw new Error('the exported handler answered /openapi.json with ' + res.status);
  asked++;
}
console.log('snippet ran; servers and handlers asked: ' + asked);
process.exit(0);
`;

beforeAll(() => {
  writeFileSync(join(scratch, 'driver.mjs'), driver);
  const bin = join(scratch, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'gstkit'), `#!/bin/sh\nexec "${process.execPath}" --import ${tsxLoader} "${join(root, 'src/cli.ts')}" "$@"\n`);
  chmodSync(join(bin, 'gstkit'), 0o755);
});

function folderOf(block: Block): string {
  const dir = join(scratch, block.file.replace(/[\\/.]/g, '_'));
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe('documentation code blocks', () => {
  it('name their language', () => {
    const unnamed = all.filter((b) => b.lang === '').map((b) => `${b.file}:${b.line}`);
    expect(unnamed).toEqual([]);
  });

  it('are found in README.md and docs/', () => {
    expect(code.filter((b) => b.lang === 'ts').length).toBeGreaterThanOrEqual(12);
    expect(new Set(code.map((b) => b.file)).size).toBeGreaterThanOrEqual(8);
  });

  it('type-check under strict settings (TypeScript blocks)', () => {
    const dir = join(scratch, 'typecheck');
    mkdirSync(dir, { recursive: true });
    const names: string[] = [];
    for (const block of code.filter((b) => b.lang === 'ts')) {
      const name = `${block.file.replace(/[\\/.]/g, '_')}_${block.index}.mts`;
      writeFileSync(join(dir, name), `// ${block.file}:${block.line}\n` + moduleText(block, dir));
      names.push(name);
    }
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: ['node'],
          typeRoots: [join(root, 'node_modules/@types')],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          allowImportingTsExtensions: true,
          esModuleInterop: true,
          resolveJsonModule: true,
        },
        files: names,
      }),
    );
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8', cwd: root });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 120_000);

  for (const block of code) {
    const title = `${block.file}:${block.line} (${block.lang})`;
    const { kind, reason, files: copies, needs } = block.directive;
    if (kind !== 'run') {
      it.skip(`${title}: ${kind === 'skip' ? 'not run' : 'type-checked only'}, ${reason}`, () => undefined);
      continue;
    }
    it(`${title} runs`, (ctx) => {
      const dir = folderOf(block);
      for (const [name, source] of copies) {
        const from = join(root, source);
        if (!existsSync(from)) return ctx.skip(`${source} is not here`);
        copyFileSync(from, join(dir, name));
      }
      for (const name of needs) if (!existsSync(join(dir, name))) return ctx.skip(`${name} was not made by an earlier block`);
      const env = { ...process.env, PATH: `${join(scratch, 'bin')}:${process.env['PATH']}` };
      if (block.lang === 'sh') {
        const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', block.code], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        return;
      }
      const file = join(dir, `snippet-${block.index}.mts`);
      writeFileSync(file, moduleText(block, dirname(file)));
      const run = spawnSync(process.execPath, ['--import', tsxLoader, join(scratch, 'driver.mjs'), pathToFileURL(file).href], {
        cwd: dir,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/snippet ran/);
      expect(run.status).toBe(0);
    }, 120_000);
  }
});
