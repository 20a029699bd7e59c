// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchWake } from '../../src/session/wakeWatch.ts';

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('watchWake', () => {
  let stop: () => void = () => {};
  const onWake = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    onWake.mockClear();
    stop = watchWake(onWake);
  });
  afterEach(() => {
    stop();
    setVisibility('visible');
    vi.useRealTimers();
  });

  it('wakes when the tab becomes visible again, not when it is hidden', () => {
    setVisibility('hidden');
    expect(onWake).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(onWake).toHaveBeenCalledTimes(1);
  });

  it('wakes when the browser is online again', () => {
    window.dispatchEvent(new Event('online'));
    expect(onWake).toHaveBeenCalledTimes(1);
  });

  it('wakes when the page comes back from the back-forward cache', () => {
    window.dispatchEvent(new Event('pageshow'));
    expect(onWake).toHaveBeenCalledTimes(1);
  });

  it('wakes when the wall clock jumped past what the timers saw (a machine that slept)', () => {
    vi.advanceTimersByTime(30_000);
    expect(onWake).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() + 10 * 60_000);
    vi.advanceTimersByTime(30_000);
    expect(onWake).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    expect(onWake).toHaveBeenCalledTimes(1);
  });

  it('leaves no timer or listener behind once stopped', () => {
    stop();
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('pageshow'));
    setVisibility('visible');
    vi.setSystemTime(Date.now() + 10 * 60_000);
    vi.advanceTimersByTime(60_000);
    expect(onWake).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
