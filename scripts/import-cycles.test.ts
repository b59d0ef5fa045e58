import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * ESLint's import-x/no-cycle (in `npm run lint`) follows the imports that run; this also follows
 * type-only ones, so two modules that need each other's types are caught as well.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['app', 'components', 'lib'].map((dir) => path.join(ROOT, dir));
const inSources = (file: string) => SOURCES.some((dir) => file.startsWith(dir + path.sep));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file an import specifier names, when it is one of ours (type-only imports count too). */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (inSources(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every import cycle among our modules, each as the chain of files that closes it. */
function importCycles(): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of SOURCES.flatMap(sourceFiles)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    graph.set(file, [...new Set(importedFiles.map((f) => resolve(file, f.fileName)).filter((f): f is string => !!f))]);
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open')
        cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('imports under app/, components/ and lib/', () => {
  it('form no cycle', () => {
    expect(importCycles().map((c) => c.join(' → '))).toEqual([]);
  });
});
