// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abpEvents } from '../../src/abp/events.ts';
import { SETTLE_WAITS_MS, whenConnectionBack } from '../../src/connection/connectionBack.ts';

/** Each try's outcome in turn; the tries are recorded with the attempt they were told. */
function tries(outcomes: readonly (boolean | Error)[]) {
  const attempts: number[] = [];
  const tryAgain = (attempt: number) => {
    attempts.push(attempt);
    const outcome = outcomes[attempts.length - 1] ?? false;
    return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
  };
  return { attempts, tryAgain };
}

let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('whenConnectionBack', () => {
  it('tries nothing before the connection is back', async () => {
    const { attempts, tryAgain } = tries([true]);
    const stop = whenConnectionBack(tryAgain);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([]);
    stop();
  });

  it('tries once when the browser is online again and stops there when that loads', async () => {
    const { attempts, tryAgain } = tries([true]);
    const stop = whenConnectionBack(tryAgain);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0]);
    stop();
  });

  it('tries again after 1, 2, 4 and 8 s while it still fails, a rejection counted as a failure, and no more', async () => {
    const { attempts, tryAgain } = tries([false, new Error('refused'), false, false, false, true]);
    const stop = whenConnectionBack(tryAgain);
    abpEvents.trigger('abp.reachable');
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(SETTLE_WAITS_MS[0]!);
    expect(attempts).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(SETTLE_WAITS_MS[1]!);
    expect(attempts).toEqual([0, 1, 2]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0, 1, 2, 3, 4]);
    stop();
  });

  it('stops at the try that loads', async () => {
    const { attempts, tryAgain } = tries([false, false, true]);
    const stop = whenConnectionBack(tryAgain);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0, 1, 2]);
    stop();
  });

  it('runs one series at a time: the browser’s online and the API’s answer come together', async () => {
    const { attempts, tryAgain } = tries([false, true]);
    const stop = whenConnectionBack(tryAgain);
    window.dispatchEvent(new Event('online'));
    abpEvents.trigger('abp.reachable');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0, 1]);
    stop();
  });

  it('starts a new series at the next news once a series has ended without loading', async () => {
    const { attempts, tryAgain } = tries([false, false, false, false, false, true]);
    const stop = whenConnectionBack(tryAgain);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0, 1, 2, 3, 4]);
    abpEvents.trigger('abp.reachable');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0, 1, 2, 3, 4, 0]);
    stop();
  });

  it('waits for the next news when the browser goes offline again', async () => {
    const { attempts, tryAgain } = tries([false, true]);
    const stop = whenConnectionBack(tryAgain);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    online = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0]);
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toEqual([0, 0]);
    stop();
  });

  it('tries no more once stopped, in the middle of a series too', async () => {
    const { attempts, tryAgain } = tries([false, true]);
    const stop = whenConnectionBack(tryAgain);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    window.dispatchEvent(new Event('online'));
    abpEvents.trigger('abp.reachable');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toEqual([0]);
  });
});
