import { useEffect, useSyncExternalStore } from 'react';
import { useApi } from '../boot/api.ts';
import { useSession } from '../boot/useBoot.ts';
import { UserDirectory, type DirectoryState } from '../management/userDirectory.ts';
import { onUserWritten } from '../management/users.ts';

/** The tab's list, for the person and environment it was read for. */
let shared: { key: string; directory: UserDirectory } | undefined;

// One's own save, activation or deletion shows in the list at once, as ABP answered it.
onUserWritten((write) => shared?.directory.apply(write));

function directoryFor(key: string, api: ReturnType<typeof useApi>): UserDirectory {
  if (shared?.key !== key) shared = { key, directory: new UserDirectory(() => api) };
  return shared.directory;
}

/**
 * Gebruikers' list of people for the signed-in person's environment. A visit
 * reads it when the tab's copy is stale (never read, older than FRESH_MS,
 * or read before a write of this tab: userDirectory.ts), and so does coming
 * back to the tab after a while; searching, filtering and paging ask nothing.
 */
export function useUserDirectory(): DirectoryState & { refresh: () => Promise<void> } {
  const session = useSession();
  const directory = directoryFor(`${session?.tenant?.id ?? 'host'}:${session?.user?.id ?? ''}`, useApi());
  const state = useSyncExternalStore(directory.subscribe, directory.snapshot);
  useEffect(() => {
    directory.open();
    const back = () => {
      if (document.visibilityState === 'visible') directory.open();
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [directory]);
  return { ...state, refresh: () => directory.refresh() };
}
