/**
 * `npm test`: the lint (ESLint and the Prettier check, as `npm run lint`) and the typecheck side
 * by side, unit and integration tests (vitest, against sandboxes they start), the production
 * build (skipped when .next holds one of the same inputs), then Playwright e2e in Chromium, in
 * E2E_WORKERS workers each with its own sandbox and dashboard. Stops at the first failure and
 * prints how long each step took.
 */
import { spawn } from 'node:child_process';

import { ensureChromium } from './ensure-chromium';
import { run } from './processes';
import { stages, type Step } from './test-steps';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs a step with its output kept, to print once it ends. */
function runQuietly(step: Step): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, step.args, { env: { ...process.env, FORCE_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

function passed(name: string, code: number, ms: number, times: [string, number][]) {
  times.push([name, ms]);
  if (code !== 0) {
    console.error(`\n✗ ${name} failed (exit ${code}).`);
    process.exit(code);
  }
  console.log(`✓ ${name} (${seconds(ms)})`);
}

async function main() {
  ensureChromium();
  const started = Date.now();
  const times: [string, number][] = [];
  const count = stages.flat().length;
  let n = 0;
  for (const stage of stages) {
    if (stage.length === 1) {
      const [step] = stage as [Step];
      console.log(`\n━━ ${++n}/${count} ${step.name}`);
      const t = Date.now();
      passed(step.name, await run(process.execPath, step.args), Date.now() - t, times);
      continue;
    }
    const t = Date.now();
    const results = await Promise.all(
      stage.map(async (step) => {
        const s = Date.now();
        return { step, ...(await runQuietly(step)), ms: Date.now() - s };
      }),
    );
    for (const { step, code, output, ms } of results) {
      console.log(`\n━━ ${++n}/${count} ${step.name}`);
      process.stdout.write(output);
      passed(step.name, code, ms, times);
    }
    console.log(`  (side by side in ${seconds(Date.now() - t)})`);
  }
  console.log(`\nAll ${count} steps passed in ${seconds(Date.now() - started)}:`);
  for (const [name, ms] of times) console.log(`  ${name.padEnd(28)} ${seconds(ms).padStart(8)}`);
}

void main();
