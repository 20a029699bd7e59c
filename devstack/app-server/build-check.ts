import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Decides whether `npm start` must rebuild before serving: a build older
// than the newest source file would show yesterday's app.

/** What the production build is made from, relative to the project root. */
export const BUILD_INPUTS = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'sw', 'scripts/build', 'scripts/modules.ts'];

function newestMtime(path: string): number {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0; // an input that does not exist cannot be newer
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export interface BuildState {
  stale: boolean;
  reason: string;
}

export function checkBuild(root: string, dist = 'dist', inputs: readonly string[] = BUILD_INPUTS): BuildState {
  const built = newestMtime(join(root, dist, 'index.html'));
  if (built === 0) return { stale: true, reason: `${dist}/index.html does not exist` };
  const source = Math.max(...inputs.map((input) => newestMtime(join(root, input))));
  if (source > built) return { stale: true, reason: `sources changed after the last build` };
  return { stale: false, reason: 'build is up to date' };
}
