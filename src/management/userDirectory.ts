import type { AbpClient } from '../abp/client.ts';
import { getUsers, usersWritten, type User, type UserWrite } from './users.ts';

/**
 * Gebruikers' list of people: read from ABP once, in pages, and searched
 * here without another request.
 *
 * ABP's `Keyword` cannot serve the search: it looks in user name, first name
 * and e-mail address only, not the surname, and compares case-sensitively on
 * some databases (abp-recorded `onboarding` `user-getall-keyword-surname-Medewerker`,
 * `user-getall-keyword-monteur-lowercase`; docs/abp.md 10a). So the whole
 * list is read with ABP's paging (`SkipCount`, `MaxResultCount`, which has
 * no upper limit: `user` `getall-maxresult-too-big`), each person's words
 * folded once, and every search, status filter and page after that is
 * worked out in memory.
 */

/** People per request while the list is read: about 110 KB of ABP's `UserDto`s, a second on a slow phone link. */
export const READ_PAGE = 500;
/** Requests at once after the first (which says how many there are): the rest of the list comes in order, a page is not left waiting behind all others. */
const AT_ONCE = 2;
/**
 * Reads of the whole list before one that does not add up is kept: a person
 * added or deleted between two page reads shifts the pages after it, and a
 * deletion makes the person behind it fall between two pages, read by
 * neither. Such a read is made again; the list changing that often is rare.
 */
export const READS_UNTIL_WHOLE = 3;
/** How long a list read in this tab is shown without reading it again, when nothing was written since. */
export const FRESH_MS = 2 * 60_000;

/** A person of the list with the words a search looks in, folded once. */
export interface Listed {
  user: User;
  words: string;
}

/**
 * Letters with no accent to strip, as staff type them on a Dutch keyboard:
 * "Yıldız" as "yildiz", "Strauß" as "strauss", "Ødegaard" as "odegaard",
 * "D’Hondt" as "d'hondt". (ĳ, ﬁ and the like come apart in NFKD by themselves.)
 */
const PLAIN: Readonly<Record<string, string>> = {
  ı: 'i',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '\u00b4': "'",
  '`': "'",
};
const UNPLAIN = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'gu');

/** Lower case without accents, and with the letters of PLAIN as typed: "Çelik" and "celik", "Strauß" and "strauss" are one search. */
export function fold(text: string): string {
  return text
    .toLocaleLowerCase('nl')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(UNPLAIN, (letter) => PLAIN[letter] ?? letter);
}

export function listed(user: User): Listed {
  return { user, words: fold(`${user.name} ${user.surname} ${user.userName} ${user.emailAddress}`) };
}

/**
 * The people a search finds: every word of it somewhere in first name,
 * surname, user name or e-mail address, any part, ignoring case and accents
 * ("jansen", "Bram Jansen", "bram.j"); `isActive` keeps only the active (or
 * the inactive) ones. In the list's order.
 */
export function searchListed(people: readonly Listed[], search: string, isActive?: boolean): Listed[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0 && isActive === undefined) return people as Listed[];
  return people.filter(
    (person) => (isActive === undefined || person.user.isActive === isActive) && words.every((word) => person.words.includes(word)),
  );
}

/** What the list holds while and after it is read. */
export interface DirectoryState {
  /** The people read so far, in ABP's order (user name, e-mail address). */
  people: readonly Listed[];
  /** How many ABP has; undefined before its first answer. */
  total: number | undefined;
  /** Everyone is read. */
  complete: boolean;
  /** The read failed (the people read before stay). */
  error: unknown;
  /** A whole list is shown and being read again (after a write, or when it grew old). */
  refreshing: boolean;
}

const EMPTY: DirectoryState = { people: [], total: undefined, complete: false, error: undefined, refreshing: false };

/**
 * Reads the whole list: the first page alone (its `totalCount` says how many
 * pages there are), then the others, `AT_ONCE` at a time. `onProgress` gets
 * the people of the pages read so far without a gap, in order. Someone added
 * or deleted between two pages can shift the pages: a person is kept once,
 * and a read whose pages do not add up (a page's `totalCount` not the
 * first's, or not as many people as ABP counts) is made again, up to
 * READS_UNTIL_WHOLE times: a deletion would otherwise leave out, for as long
 * as the list is shown, the person it moved from one page to the one before.
 */
export async function readDirectory(
  client: AbpClient,
  onProgress: (people: Listed[], total: number) => void = () => undefined,
): Promise<{ people: Listed[]; total: number }> {
  for (let read = 1; ; read += 1) {
    const whole = await readOnce(client, onProgress);
    if (whole.addsUp || read >= READS_UNTIL_WHOLE) return { people: whole.people, total: whole.total };
  }
}

async function readOnce(
  client: AbpClient,
  onProgress: (people: Listed[], total: number) => void,
): Promise<{ people: Listed[]; total: number; addsUp: boolean }> {
  const first = await getUsers(client, { skipCount: 0, maxResultCount: READ_PAGE });
  const total = first.totalCount;
  let counts = true;
  const pages: Array<Listed[] | undefined> = [first.items.map(listed)];
  const count = Math.max(1, Math.ceil(total / READ_PAGE));
  const inOrder = () => {
    const seen = new Set<number>();
    const people: Listed[] = [];
    for (const page of pages) {
      if (!page) break;
      for (const person of page) {
        if (seen.has(person.user.id)) continue;
        seen.add(person.user.id);
        people.push(person);
      }
    }
    return people;
  };
  onProgress(inOrder(), total);
  let next = 1;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      const page = await getUsers(client, { skipCount: index * READ_PAGE, maxResultCount: READ_PAGE });
      if (page.totalCount !== total) counts = false;
      pages[index] = page.items.map(listed);
      onProgress(inOrder(), total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, count - 1) }, worker));
  const people = inOrder();
  return { people, total, addsUp: counts && people.length === total };
}

/** One tab's list of one person's environment, shared by the visits of Gebruikers. */
export class UserDirectory {
  private state: DirectoryState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private reading: Promise<void> | undefined;
  /** When the shown list was read, and how many writes this tab had made by then. */
  private readAt = -Infinity;
  private writesAtRead = -1;

  constructor(
    private readonly client: () => AbpClient,
    private readonly now: () => number = () => Date.now(),
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): DirectoryState => this.state;

  /** Whether the list shown is one to read again: never read, failed, older than FRESH_MS, or read before a write of this tab. */
  stale(): boolean {
    if (this.reading) return false;
    return !this.state.complete || this.writesAtRead !== usersWritten() || this.now() - this.readAt > FRESH_MS;
  }

  /** A visit of the list: reads it when it is stale, else keeps what is there. */
  open(): void {
    if (this.stale()) void this.read();
  }

  /** Reads the list again now (after a write here, or "Opnieuw proberen"). */
  refresh(): Promise<void> {
    return this.reading ?? this.read();
  }

  /**
   * A write of this tab that ABP answered, shown in the list at once (as ABP
   * answered it); the list is still read again at the next visit, for what
   * others changed.
   */
  apply(write: UserWrite): void {
    if (this.state.people.length === 0) return;
    const people = this.state.people;
    const at = people.findIndex((person) => person.user.id === (write.kind === 'updated' ? write.user.id : write.id));
    if (at < 0) return;
    const next = [...people];
    if (write.kind === 'deleted') next.splice(at, 1);
    else next[at] = listed(write.kind === 'updated' ? write.user : { ...people[at]!.user, isActive: write.isActive });
    const total = write.kind === 'deleted' && this.state.total !== undefined ? this.state.total - 1 : this.state.total;
    this.set({ ...this.state, people: next, total });
  }

  private read(): Promise<void> {
    const writes = usersWritten();
    const startedAt = this.now();
    // A list already on screen stays there until the new one is whole; a first one shows as it comes.
    const shown = this.state.complete;
    if (!shown) this.set({ ...EMPTY });
    else this.set({ ...this.state, error: undefined, refreshing: true });
    const reading = readDirectory(this.client(), (people, total) => {
      if (!shown) this.set({ people, total, complete: false, error: undefined, refreshing: false });
    }).then(
      ({ people, total }) => {
        this.readAt = startedAt;
        this.writesAtRead = writes;
        this.set({ people, total, complete: true, error: undefined, refreshing: false });
      },
      (error: unknown) => {
        this.set({ ...this.state, error, refreshing: false });
      },
    );
    this.reading = reading.finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private set(state: DirectoryState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
