import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll } from 'vitest';

const made: string[] = [];
afterAll(() => made.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A throwaway project with the given files (and an empty machines/); removed after the file's tests. */
export function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'lint-project-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(join(root, 'machines'), { recursive: true });
  return root;
}

/** The project's own lint config applied to a throwaway project: what it says of each file, by path under the project. */
export async function lintProject(
  root: string,
  patterns: string[],
): Promise<Array<{ file: string; messages: ESLint.LintResult['messages'] }>> {
  // Read by path: tsc need not check the config file.
  const { default: config } = (await import(resolve(import.meta.dirname, '../../../eslint.config.ts'))) as {
    default: ESLint.Options['overrideConfig'];
  };
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  return (await eslint.lintFiles(patterns)).map((result) => ({ file: result.filePath.slice(root.length + 1), messages: result.messages }));
}

/** The files of a throwaway project that lint refuses with a message like this (by what it says or its rule), sorted. */
export async function refusedFiles(
  root: string,
  patterns: string[],
  refuses: (message: ESLint.LintResult['messages'][number]) => boolean,
): Promise<string[]> {
  return (await lintProject(root, patterns))
    .filter(({ messages }) => messages.some(refuses))
    .map(({ file }) => file)
    .sort();
}
