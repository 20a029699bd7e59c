import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBuild } from '../../devstack/app-server/build-check.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'devstack-build-'));
  mkdirSync(join(root, 'src', 'sections'), { recursive: true });
  mkdirSync(join(root, 'machines'));
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'src', 'sections', 'verkoop.tsx'), 'export {}');
  writeFileSync(join(root, 'machines', 'boot.ts'), 'export {}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const touch = (path: string, secondsAgo: number) => {
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(join(root, path), when, when);
};

function build(secondsAgo: number) {
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html>');
  touch('dist/index.html', secondsAgo);
}

describe('build check for npm start', () => {
  it('builds when there is no build', () => {
    expect(checkBuild(root)).toEqual({ stale: true, reason: 'dist/index.html does not exist' });
  });

  it('keeps a build newer than every source', () => {
    for (const path of ['index.html', 'src/sections/verkoop.tsx', 'machines/boot.ts']) touch(path, 60);
    build(10);
    expect(checkBuild(root).stale).toBe(false);
  });

  it.each(['src/sections/verkoop.tsx', 'machines/boot.ts', 'index.html'])('rebuilds after a change to %s', (changed) => {
    for (const path of ['index.html', 'src/sections/verkoop.tsx', 'machines/boot.ts']) touch(path, 60);
    build(30);
    touch(changed, 5);
    expect(checkBuild(root)).toEqual({ stale: true, reason: 'sources changed after the last build' });
  });
});
