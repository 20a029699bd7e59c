import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWithStylesheets } from '../../scripts/build/lazyStylesheets.ts';

function linksTo(path: string): HTMLLinkElement[] {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].filter((link) => new URL(link.href).pathname === path);
}

afterEach(() => {
  document.head.replaceChildren();
});

describe('loadWithStylesheets (the build\'s preload helper)', () => {
  it('runs a chunk without stylesheets at once', async () => {
    const load = vi.fn(async () => 'chunk');
    await expect(loadWithStylesheets(load)).resolves.toBe('chunk');
    await expect(loadWithStylesheets(load, [])).resolves.toBe('chunk');
  });

  it('links the stylesheet from the site root, whatever the page address, and runs the chunk once it has loaded', async () => {
    history.replaceState(null, '', '/app/verkoop');
    const load = vi.fn(async () => 'chunk');
    const loading = loadWithStylesheets(load, ['assets/UserMenu-x.css']);
    const [link] = linksTo('/assets/UserMenu-x.css');
    expect(link).toBeDefined();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    link!.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe('chunk');
  });

  it('adds no second link for a stylesheet that is still loading', async () => {
    const first = loadWithStylesheets(async () => 1, ['assets/a.css']);
    const second = loadWithStylesheets(async () => 2, ['assets/a.css']);
    expect(linksTo('/assets/a.css')).toHaveLength(1);
    linksTo('/assets/a.css')[0]!.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
  });

  it('refuses the chunk when its stylesheet fails, and asks again on the next attempt', async () => {
    const load = vi.fn(async () => 'chunk');
    const failing = loadWithStylesheets(load, ['assets/b.css']);
    linksTo('/assets/b.css')[0]!.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow(/\/assets\/b\.css did not load/);
    expect(load).not.toHaveBeenCalled();
    expect(linksTo('/assets/b.css')).toHaveLength(0);
    const retry = loadWithStylesheets(load, ['assets/b.css']);
    linksTo('/assets/b.css')[0]!.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe('chunk');
  });
});
