import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

/*
 * The repository's own lint configuration, run on code held in memory under a path inside the
 * tree (ESLint's lintText, Prettier's check): no file is written, so no other test can see one.
 */
const root = path.resolve(import.meta.dirname, '..');
const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

const eslint = new ESLint({ cwd: root });

/** The rules ESLint reports for `code` as the file `file` (relative to the root). */
async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

async function prettierAccepts(file: string, code: string): Promise<boolean> {
  const filepath = path.join(root, file);
  return prettier.check(code, { ...(await prettier.resolveConfig(filepath)), filepath });
}

it('lint runs ESLint and a Prettier check over the whole tree, and npm test runs the same two', () => {
  expect(scripts['lint:eslint']).toBe('eslint --max-warnings=0 .');
  expect(scripts['lint:prettier']).toBe('prettier --check .');
  expect(scripts.lint).toMatch(/^run-p .*lint:eslint lint:prettier$/);
  expect(scripts['test:static']).toMatch(/^run-p .*lint:eslint lint:prettier typecheck$/);
  expect(scripts.test).toMatch(/^run-s test:static /);
});

describe('the lint configuration', () => {
  it('refuses a component importing from app/ or lib/server, and lib/server importing an action; a component may import its action', async () => {
    expect(
      await rulesBroken(
        'components/uses-app.ts',
        "import ConsoleLayout from '@/app/(console)/layout';\n\nexport const layout = ConsoleLayout;\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
    expect(
      await rulesBroken(
        'components/uses-server.ts',
        "import { requireStaff } from '@/lib/server/auth';\n\nexport const guard = requireStaff;\n",
      ),
    ).toEqual([expect.stringContaining('lib/server is server-only')]);
    expect(
      await rulesBroken(
        'lib/server/http/server-uses-action.ts',
        "import { selectEntityAction } from '@/lib/actions/select-entity';\n\nexport const act = selectEntityAction;\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
    expect(
      await rulesBroken(
        'components/uses-action.ts',
        "import { selectEntityAction } from '@/lib/actions/select-entity';\n\nexport const act = selectEntityAction;\n",
      ),
    ).toEqual([]);
  }, 120_000);

  it('Prettier refuses a file it would rewrite, and accepts it once formatted', async () => {
    expect(await prettierAccepts('lib/messy.ts', 'export const  messy = ( n:number )=>{ return n*2 }\n')).toBe(false);
    expect(await prettierAccepts('lib/tidy.ts', 'export const tidy = (n: number) => {\n  return n * 2;\n};\n')).toBe(
      true,
    );
  });
});
