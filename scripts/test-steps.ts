/** The steps of `npm test` (scripts/test.ts), in stages. */
/** A step: Node running a tool's script with these arguments. */
export interface Step {
  name: string;
  args: string[];
}
const node = (args: string[], name: string): Step => ({ name, args });

/** Steps of one stage run side by side (their output is printed whole, one after the other). */
export const stages: Step[][] = [
  [
    node(['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '.'], 'lint: ESLint'),
    node(['node_modules/prettier/bin/prettier.cjs', '--check', '.'], 'lint: Prettier check'),
    node(['node_modules/tsx/dist/cli.mjs', 'scripts/typecheck.ts'], 'typecheck'),
  ],
  [node(['node_modules/vitest/vitest.mjs', 'run'], 'unit and integration tests')],
  // The typecheck of the first stage covered the build's own TypeScript pass (scripts/typecheck.ts).
  [node(['node_modules/tsx/dist/cli.mjs', 'scripts/build.ts', '--typechecked'], 'production build')],
  [node(['node_modules/@playwright/test/cli.js', 'test'], 'e2e (Chromium)')],
];
