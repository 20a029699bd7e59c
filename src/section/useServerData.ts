import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useState } from 'react';
import { logError } from '../lib/log.ts';
import { describeError, type ErrorView } from '../errors/describeError.ts';

/** What a screen has of the server's answer: loading (with the last answer, if any), the answer, or the failure. */
export interface ServerData<T> {
  data: T | undefined;
  loading: boolean;
  error: ErrorView | undefined;
  /** Asks again (after a change, or "Opnieuw proberen"). */
  reload: () => void;
}

/**
 * Loads what a screen shows and loads it again when `key` changes (a search,
 * another person): an answer that arrives after a newer request was made is
 * dropped. `keepPrevious`: a list keeps its last page on screen while the
 * next one comes, rather than flashing empty.
 */
export function useServerData<T>(key: string, load: () => Promise<T>, area: string, { keepPrevious = false } = {}): ServerData<T> {
  const { i18n } = useLingui();
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState<{ key?: string; request: string; data?: T; error?: ErrorView }>({ request: '' });
  const reload = useCallback(() => setRound((current) => current + 1), []);
  const request = `${key}#${round}`;

  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setSettled({ key, request, data }),
      (failure: unknown) => {
        logError(area, failure);
        if (current)
          setSettled((previous) => ({
            key,
            request,
            data: previous.key === key ? previous.data : undefined,
            error: describeError(failure, i18n),
          }));
      },
    );
    return () => {
      current = false;
    };
    // `load` is a new function every render; the key says when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, area, i18n]);

  const loading = settled.request !== request;
  return {
    data: settled.key === key || keepPrevious ? settled.data : undefined,
    loading,
    error: loading ? undefined : settled.error,
    reload,
  };
}
