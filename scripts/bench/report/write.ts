import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Report } from '../figures/types.ts';
import { consoleTable, markdown } from './report.ts';

/** Writes docs/performance.md and .json and prints the table; true when every budget was met. */
export function write(report: Report, outDir: string, log: (message: string) => void): boolean {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, 'performance.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(resolve(outDir, 'performance.md'), markdown(report));
  console.log(`\n${consoleTable(report)}`);
  log(`\nWrote ${resolve(outDir, 'performance.md')} and performance.json.`);
  return report.figures.every((figure) => figure.pass !== false);
}
