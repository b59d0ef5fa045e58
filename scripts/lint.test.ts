import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

import { stages } from './test-steps';

/*
 * Each command of `npm run lint` (package.json), run on small files written for the test inside
 * the tree, so the repository's own configuration applies, and removed afterwards.
 */
const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const fixtures: string[] = [];

function fixture(dir: string, files: Record<string, string>): string[] {
  const at = path.join(root, dir, `lint-fixture-${process.pid}`);
  fixtures.push(at);
  mkdirSync(at, { recursive: true });
  return Object.entries(files).map(([name, text]) => {
    writeFileSync(path.join(at, name), text);
    return path.relative(root, path.join(at, name));
  });
}

/** The lint script's commands (`eslint … . && prettier --check .`), each as its words. */
const LINT_COMMANDS = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { lint: string } }
).scripts.lint
  .split('&&')
  .map((command) => command.trim().split(/\s+/));

/** What `npm run lint` would print for these files instead of the whole tree: empty when it passes. */
async function lint(files: string[]): Promise<string> {
  let out = '';
  for (const [bin, ...args] of LINT_COMMANDS) {
    try {
      await run(path.join(root, 'node_modules', '.bin', bin!), [...args.filter((a) => a !== '.'), ...files], {
        cwd: root,
      });
    } catch (e) {
      const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
      out += `${stdout}${stderr}` || String(e);
    }
  }
  return out;
}

it('lint runs ESLint and a Prettier check over the whole tree', () => {
  expect(LINT_COMMANDS.map((c) => c[0])).toEqual(['eslint', 'prettier']);
  expect(LINT_COMMANDS.every((c) => c.at(-1) === '.')).toBe(true);
});

afterAll(() => {
  for (const at of fixtures) rmSync(at, { recursive: true, force: true });
});

describe('npm run lint', () => {
  it('fails on two modules that import each other', async () => {
    const files = fixture('lib', {
      'a.ts': "import { b } from './b';\n\nexport const a = (): number => b() + 1;\n",
      'b.ts': "import { a } from './a';\n\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n",
    });
    const out = await lint(files);
    expect(out).toContain('import-x/no-cycle');
    expect(out).toContain('a.ts');
    expect(out).toContain('b.ts');
  });

  it('fails on a component importing from app/ or lib/server and on lib/server importing an action, not on a component importing its action', async () => {
    const [fromApp, fromActions, fromServer] = fixture('components', {
      'uses-app.ts': "import ConsoleLayout from '@/app/(console)/layout';\n\nexport const layout = ConsoleLayout;\n",
      'uses-action.ts':
        "import { selectEntityAction } from '@/lib/actions/select-entity';\n\nexport const act = selectEntityAction;\n",
      'uses-server.ts': "import { requireStaff } from '@/lib/server/auth';\n\nexport const guard = requireStaff;\n",
    });
    const [serverUsesAction] = fixture('lib/server/http', {
      'server-uses-action.ts':
        "import { selectEntityAction } from '@/lib/actions/select-entity';\n\nexport const act = selectEntityAction;\n",
    });
    // one run for the four files (ESLint follows the same import graph for each)
    const out = await lint([fromApp!, fromActions!, fromServer!, serverUsesAction!]);
    const reportOf = (file: string) => out.split(/\n(?=\S*\/)/).find((part) => part.includes(file)) ?? '';
    expect(reportOf(fromApp!)).toContain('import-x/no-restricted-paths');
    expect(reportOf(fromServer!)).toContain('lib/server is server-only');
    expect(reportOf(serverUsesAction!)).toContain('import-x/no-restricted-paths');
    expect(out).not.toContain(fromActions!);
  }, 120_000);

  it('fails on a file Prettier would rewrite, and passes it once formatted', async () => {
    const [messy, tidy] = fixture('lib', {
      'messy.ts': 'export const  messy = ( n:number )=>{ return n*2 }\n',
      'tidy.ts': 'export const tidy = (n: number) => {\n  return n * 2;\n};\n',
    });
    expect(await lint([messy!])).toContain('messy.ts');
    expect(await lint([tidy!])).toBe('');
  });
});

it('npm test runs the same lint: ESLint and the Prettier check over the whole tree, with the same options', () => {
  const inTest = stages.flat().map((step) => step.args);
  for (const [bin, ...args] of LINT_COMMANDS) {
    const step = inTest.find((a) => a[0]!.startsWith(`node_modules/${bin}/`));
    expect(step, bin).toBeDefined();
    expect(step!.slice(1), bin).toEqual(args);
  }
});
