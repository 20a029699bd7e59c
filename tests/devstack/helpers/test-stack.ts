import { afterAll, beforeAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { StackOptions } from '../../../devstack/stack.ts';
import { startTestStack as startStackOnFreePorts, type TestStack as StackOnFreePorts } from '../../../devstack/test-stack.ts';

// A stack on free ports with a tiny stand-in for the production build.

export const INLINE_STYLE = 'body{margin:0;font-family:system-ui}';
/** As index.html's early requests: an inline script, allowed by its hash. */
export const INLINE_SCRIPT = 'window.early={}';
export const HASHED_SCRIPT = '/assets/index-Ab12Cd34.js';
/** A hashed script with only a gzip copy, as precompress leaves it when brotli is not smaller. */
export const GZIP_ONLY_SCRIPT = '/assets/gzip-only-Ef56Gh78.js';
export const SCRIPT_TEXT = 'console.log("app");'.repeat(20);

export interface TestStack extends StackOnFreePorts {
  dist: string;
}

export function writeFakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'devstack-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html lang="nl"><head><meta charset="utf-8"><style>${INLINE_STYLE}</style><script>${INLINE_SCRIPT}</script>` +
      `<script type="module" src="${HASHED_SCRIPT}"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(dist, HASHED_SCRIPT), SCRIPT_TEXT);
  writeFileSync(join(dist, `${HASHED_SCRIPT}.gz`), gzipSync(SCRIPT_TEXT));
  writeFileSync(join(dist, `${HASHED_SCRIPT}.br`), brotliCompressSync(SCRIPT_TEXT));
  writeFileSync(join(dist, GZIP_ONLY_SCRIPT), SCRIPT_TEXT);
  writeFileSync(join(dist, `${GZIP_ONLY_SCRIPT}.gz`), gzipSync(SCRIPT_TEXT));
  writeFileSync(join(dist, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install",()=>{});');
  writeFileSync(join(dist, 'registerSW.js'), '/* registers sw.js */');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Isolatie"}');
  return dist;
}

export async function startTestStack(options: StackOptions = {}): Promise<TestStack> {
  const dist = writeFakeDist();
  const stack = await startStackOnFreePorts({ dist, ...options });
  return {
    ...stack,
    dist,
    async stop() {
      await stack.stop();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/**
 * A stack with these options for the tests of the file or describe block it
 * is called in: started before them, stopped after. A test reads it as
 * `stack()`.
 */
export function stackForTests(options: StackOptions = {}): () => TestStack {
  let stack: TestStack | undefined;
  beforeAll(async () => {
    stack = await startTestStack(options);
  });
  afterAll(() => stack?.stop());
  return () => {
    if (!stack) throw new Error('the stack has not started');
    return stack;
  };
}
