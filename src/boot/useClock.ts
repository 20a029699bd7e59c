import { useSelector } from '@xstate/react';
import { clockFor, type Clock } from '../abp/clock.ts';
import { bootActor, userConfigurationOf } from './bootActor.ts';

/** ABP's clock as the server configured it (unspecified, utc or local). */
export function useClock(): Clock {
  const provider = useSelector(bootActor, (snapshot) => userConfigurationOf(snapshot)?.clock.provider);
  return clockFor(provider);
}
