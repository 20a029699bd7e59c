// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWithStylesheets } from '../../scripts/build/lazyStylesheets.ts';

function linksTo(path: string, rel = 'stylesheet'): HTMLLinkElement[] {
  return [...document.querySelectorAll<HTMLLinkElement>(`link[rel=${rel}]`)].filter((link) => new URL(link.href).pathname === path);
}

afterEach(() => {
  document.head.replaceChildren();
});

describe("loadWithStylesheets (the build's preload helper)", () => {
  it('runs a chunk without stylesheets at once', async () => {
    const load = vi.fn(async () => 'chunk');
    await expect(loadWithStylesheets(load)).resolves.toBe('chunk');
    await expect(loadWithStylesheets(load, [])).resolves.toBe('chunk');
  });

  it('links the stylesheet from the site root, whatever the page address, fetches the chunk beside it, and settles once both are in', async () => {
    history.replaceState(null, '', '/app/verkoop');
    let settled = false;
    const load = vi.fn(async () => 'chunk');
    const loading = loadWithStylesheets(load, ['assets/UserMenu-x.css']).then((module) => {
      settled = true;
      return module;
    });
    const [link] = linksTo('/assets/UserMenu-x.css');
    expect(link).toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    link!.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe('chunk');
  });

  it('asks for the chunks a chunk imports at once, as module preloads from the site root, each once', async () => {
    history.replaceState(null, '', '/app/beheer/users');
    await loadWithStylesheets(async () => 1, ['assets/FormAlert-x.js', 'assets/describeError-y.js']);
    await loadWithStylesheets(async () => 2, ['assets/describeError-y.js']);
    expect(linksTo('/assets/FormAlert-x.js', 'modulepreload')).toHaveLength(1);
    const preloads = linksTo('/assets/describeError-y.js', 'modulepreload');
    expect(preloads).toHaveLength(1);
    // As index.html links the start's chunks: the same credentials as the import() that runs them.
    expect(preloads[0]!.crossOrigin).toBe('');
    expect(linksTo('/assets/FormAlert-x.js')).toHaveLength(0);
  });

  it('refuses the chunk when it cannot be fetched, its stylesheet loaded or not', async () => {
    const failing = loadWithStylesheets(() => Promise.reject(new Error('chunk did not load')), ['assets/c.css']);
    linksTo('/assets/c.css')[0]!.dispatchEvent(new Event('load'));
    await expect(failing).rejects.toThrow(/chunk did not load/);
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
    expect(linksTo('/assets/b.css')).toHaveLength(0);
    const retry = loadWithStylesheets(load, ['assets/b.css']);
    linksTo('/assets/b.css')[0]!.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe('chunk');
  });
});
