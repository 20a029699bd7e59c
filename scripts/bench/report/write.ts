import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Figure, Report } from '../figures/types.ts';
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

/**
 * Puts figures measured alone (`npm run bench -- --only search`) into the
 * report already in `outDir`, in place of their earlier values, the rest as
 * it was; `search` says when they were measured.
 */
export function writeMerged(
  figures: Figure[],
  search: NonNullable<Report['search']>,
  outDir: string,
  log: (message: string) => void,
): boolean {
  const report = JSON.parse(readFileSync(resolve(outDir, 'performance.json'), 'utf8')) as Report;
  const ids = new Set(figures.map((figure) => figure.id));
  const kept = report.figures.filter((figure) => !ids.has(figure.id));
  const at = report.figures.findIndex((figure) => ids.has(figure.id));
  kept.splice(at === -1 ? kept.length : at, 0, ...figures);
  write({ ...report, figures: kept, search }, outDir, log);
  return figures.every((figure) => figure.pass !== false);
}
