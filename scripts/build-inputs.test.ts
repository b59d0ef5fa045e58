import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { BUILD_INPUTS_FILE, buildInputsHash, buildIsUpToDate } from './build-inputs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'build-inputs-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const BASE = {
  'app/page.tsx': 'export default function Page() { return null; }\n',
  'lib/sum.ts': 'export const sum = (a: number, b: number) => a + b;\n',
  'lib/sum.test.ts': "it('adds', () => {});\n",
  'messages/en/common.json': '{"save": "Save"}\n',
  'instrumentation.ts': 'export async function register() {}\n',
  'package-lock.json': '{}\n',
  'README.md': '# readme\n',
  'e2e/a.spec.ts': '',
};

describe('the production build is skipped when its inputs are unchanged', () => {
  it('a source, a lockfile or a NEXT_PUBLIC_ variable that changed asks for a new build', () => {
    const root = tree(BASE);
    const before = buildInputsHash(root, {});
    expect(buildInputsHash(root, {})).toBe(before);
    writeFileSync(path.join(root, 'lib/sum.ts'), 'export const sum = (a: number, b: number) => b + a;\n');
    const edited = buildInputsHash(root, {});
    expect(edited).not.toBe(before);
    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
    expect(buildInputsHash(root, {})).not.toBe(edited);
    expect(buildInputsHash(root, { NEXT_PUBLIC_X: '1' })).not.toBe(buildInputsHash(root, {}));
  });

  it("a catalog message or the server's start-up hook that changed asks for a new build", () => {
    const root = tree(BASE);
    const before = buildInputsHash(root, {});
    writeFileSync(path.join(root, 'messages/en/common.json'), '{"save": "Save changes"}\n');
    const edited = buildInputsHash(root, {});
    expect(edited).not.toBe(before);
    writeFileSync(path.join(root, 'instrumentation.ts'), 'export async function register() { return; }\n');
    expect(buildInputsHash(root, {})).not.toBe(edited);
  });

  it('tests, e2e specs and prose do not', () => {
    const root = tree(BASE);
    const before = buildInputsHash(root, {});
    writeFileSync(path.join(root, 'lib/sum.test.ts'), "it('adds two numbers', () => {});\n");
    writeFileSync(path.join(root, 'README.md'), '# another readme\n');
    writeFileSync(path.join(root, 'e2e/a.spec.ts'), '// changed\n');
    expect(buildInputsHash(root, { OTHER: 'x' })).toBe(before);
  });

  it('counts a build as up to date only when .next holds a whole build of the same inputs', () => {
    const root = tree(BASE);
    const hash = buildInputsHash(root, {});
    expect(buildIsUpToDate(root, hash)).toBe(false);
    mkdirSync(path.join(root, '.next'));
    writeFileSync(path.join(root, BUILD_INPUTS_FILE), `${hash}\n`);
    expect(buildIsUpToDate(root, hash)).toBe(false); // no BUILD_ID: the build did not finish
    writeFileSync(path.join(root, '.next/BUILD_ID'), 'abc');
    expect(buildIsUpToDate(root, hash)).toBe(true);
    expect(buildIsUpToDate(root, buildInputsHash(tree({ ...BASE, 'app/page.tsx': '' }), {}))).toBe(false);
  });
});
