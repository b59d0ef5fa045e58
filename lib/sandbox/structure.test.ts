import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every module of the sandbox stays small enough to read in one sitting (seed.schema.json is generated from the seed's zod schema, and not code). */
const MAX_LINES = 300;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe('lib/sandbox', () => {
  it(`has no file over ${MAX_LINES} lines`, () => {
    const files = filesUnder(import.meta.dirname).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(20);
    const long = files
      .map((f) => ({
        file: path.relative(import.meta.dirname, f),
        lines: readFileSync(f, 'utf8').split('\n').length - 1,
      }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });
});
