// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestEnded, requestStarted } from '../../src/abp/activity.ts';
import { ProgressBar } from '../../src/ui/ProgressBar.tsx';

const i18n = setupI18n({ locale: 'nl', messages: { nl: {} } });

function renderBar() {
  render(
    <I18nProvider i18n={i18n}>
      <ProgressBar />
    </I18nProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the progress bar', () => {
  it('shows only for a request that runs longer than 300 ms, and goes when it ends', () => {
    renderBar();
    act(() => requestStarted());
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('progressbar', { name: 'Bezig met laden…' })).toBeTruthy();
    act(() => requestEnded());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never shows for quick requests, one after the other', () => {
    renderBar();
    for (let i = 0; i < 5; i += 1) {
      act(() => requestStarted());
      act(() => vi.advanceTimersByTime(200));
      act(() => requestEnded());
    }
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('stays while overlapping requests run, until the last one ends', () => {
    renderBar();
    act(() => requestStarted());
    act(() => vi.advanceTimersByTime(350));
    act(() => requestStarted());
    act(() => requestEnded());
    expect(screen.getByRole('progressbar')).toBeTruthy();
    act(() => requestEnded());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
