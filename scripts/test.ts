/**
 * `npm test`: lint, typecheck, unit and integration tests (vitest, against sandboxes they
 * start), the production build, then Playwright e2e in Chromium. Stops at the first failure.
 */
import { ensureChromium } from './ensure-chromium';
import { run, type Env } from './processes';

const steps: { name: string; command: string; args: string[]; env?: Env }[] = [
  { name: 'lint', command: process.execPath, args: ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '.'] },
  { name: 'typecheck', command: process.execPath, args: ['node_modules/typescript/bin/tsc', '--noEmit'] },
  { name: 'unit and integration tests', command: process.execPath, args: ['node_modules/vitest/vitest.mjs', 'run'] },
  {
    name: 'production build',
    command: process.execPath,
    args: ['node_modules/tsx/dist/cli.mjs', 'scripts/build.ts'],
  },
  { name: 'e2e (Chromium)', command: process.execPath, args: ['node_modules/@playwright/test/cli.js', 'test'] },
];

async function main() {
  ensureChromium();
  const started = Date.now();
  for (const [i, step] of steps.entries()) {
    console.log(`\n━━ ${i + 1}/${steps.length} ${step.name}`);
    const t = Date.now();
    const code = await run(step.command, step.args, step.env);
    if (code !== 0) {
      console.error(`\n✗ ${step.name} failed (exit ${code}).`);
      process.exit(code);
    }
    console.log(`✓ ${step.name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  }
  console.log(`\nAll ${steps.length} steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

void main();
