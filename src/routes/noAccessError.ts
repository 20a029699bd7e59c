import { NO_ACCESS } from './noAccess.ts';

/** A section the person may not open: its address answers "Geen toegang" inside the shell, and its code is not fetched. */
export class NoAccessError extends Error {
  constructor(readonly section: string) {
    super(`no access to section ${section}`);
    this.name = NO_ACCESS;
  }
}
