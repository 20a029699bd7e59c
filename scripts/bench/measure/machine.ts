import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  chromium: string;
  os: string;
  /** One-minute load average when the measuring started and when it ended: other work on the machine slows every timing. */
  load: { start: number; end: number };
}

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** The one-minute load average, rounded. */
export function currentLoad(): number {
  return Math.round(loadavg()[0]! * 100) / 100;
}

export function describeMachine(chromium: string, load: { start: number; end: number }): Machine {
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    chromium,
    os: `${process.platform} ${process.arch}`,
    load,
  };
}

/** The commit the build came from, with "+changes" when the work tree differs from it. */
export function describeRevision(): string {
  const commit = git(['rev-parse', '--short', 'HEAD']) ?? 'unknown';
  const dirty = (git(['status', '--porcelain', '--', 'src', 'machines', 'index.html', 'vite.config.ts', 'public', 'sw']) ?? '') !== '';
  return dirty ? `${commit}+changes` : commit;
}
