/** Where the bench's figures go: bench/results/<file>, each with the machine they were measured on. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

export const machine = () => ({ cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version });

export function writeResult(file: string, figures: object): void {
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/${file}`, `${JSON.stringify(figures, null, 2)}\n`);
}
