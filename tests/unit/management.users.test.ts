import { describe, expect, it } from 'vitest';
import type { AbpClient } from '../../src/abp/client.ts';
import { changedSince, copyOwnName, deleteUser, onUserWritten, setUserActive, updateUser, type User } from '../../src/management/users.ts';
import {
  FRESH_MS,
  READ_PAGE,
  READS_UNTIL_WHOLE,
  UserDirectory,
  listed,
  readDirectory,
  searchListed,
  type Listed,
} from '../../src/management/userDirectory.ts';

function user(id: number, name: string, surname: string, isActive = true): User {
  const userName = `${name}.${surname}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f\s]/g, '')
    .toLowerCase();
  return {
    id,
    userName,
    name,
    surname,
    emailAddress: `${userName}@isolatie.local`,
    isActive,
    fullName: `${name} ${surname}`,
    lastLoginTime: null,
    creationTime: '',
    roleNames: [],
  };
}

const PEOPLE = [
  user(1, 'Bram', 'Jansen'),
  user(2, 'Anouk', 'Jansen', false),
  user(3, 'Zoë', 'Çelik'),
  user(4, 'Piet', 'Monteur'),
  user(5, 'Daan', 'van den Berg'),
];

/** User/GetAll as the stand-in and the recorded host answer it: `Keyword` on user name, first name and e-mail, case-sensitive; paged. */
function fakeAbp(people: User[] = PEOPLE) {
  const asked: string[] = [];
  const updated: unknown[] = [];
  const client = {
    get: (path: string) => {
      asked.push(path);
      const query = new URL(path, 'http://x').searchParams;
      if (path.includes('User/Get?')) return Promise.resolve(people.find((one) => one.id === Number(query.get('Id'))));
      const keyword = query.get('Keyword');
      const active = query.get('IsActive');
      const found = people
        .filter((one) => !keyword || [one.userName, one.name, one.emailAddress].some((text) => text.includes(keyword)))
        .filter((one) => active === null || String(one.isActive) === active);
      const skip = Number(query.get('SkipCount') ?? 0);
      return Promise.resolve({ totalCount: found.length, items: found.slice(skip, skip + Number(query.get('MaxResultCount') ?? 10)) });
    },
    put: (_path: string, body: unknown) => {
      updated.push(body);
      const person = body as User;
      const at = people.findIndex((one) => one.id === person.id);
      // ABP answers the record as it holds it: roles left alone when none were sent.
      const held = { ...person, fullName: `${person.name} ${person.surname}`, roleNames: person.roleNames ?? people[at]?.roleNames ?? [] };
      return Promise.resolve(held);
    },
    post: () => Promise.resolve(null),
    delete: (path: string) => {
      const id = Number(new URL(path, 'http://x').searchParams.get('Id'));
      const at = people.findIndex((one) => one.id === id);
      if (at >= 0) people.splice(at, 1);
      return Promise.resolve(null);
    },
  } as unknown as AbpClient;
  return { client, asked, updated };
}

const names = (people: readonly Listed[]) => people.map((one) => one.user.fullName);
const everyone = (people: User[] = PEOPLE) => people.map(listed);

describe('searching people in memory', () => {
  it('finds a surname, which ABP’s Keyword does not search, in any case', () => {
    expect(names(searchListed(everyone(), 'Jansen'))).toEqual(['Bram Jansen', 'Anouk Jansen']);
    expect(names(searchListed(everyone(), 'jANSEN'))).toEqual(['Bram Jansen', 'Anouk Jansen']);
  });

  it('wants every word somewhere, ignores accents, and keeps the status filter', () => {
    expect(names(searchListed(everyone(), ' jansen  bram '))).toEqual(['Bram Jansen']);
    expect(names(searchListed(everyone(), 'zoe celik'))).toEqual(['Zoë Çelik']);
    expect(names(searchListed(everyone(), 'ÇELIK'))).toEqual(['Zoë Çelik']);
    expect(names(searchListed(everyone(), 'van den', true))).toEqual(['Daan van den Berg']);
    expect(names(searchListed(everyone(), 'Jansen', false))).toEqual(['Anouk Jansen']);
    expect(names(searchListed(everyone(), '', false))).toEqual(['Anouk Jansen']);
    expect(names(searchListed(everyone(), 'bram.j'))).toEqual(['Bram Jansen']);
    expect(searchListed(everyone(), 'niemand')).toEqual([]);
  });

  it('folds letters without an accent to strip as staff type them: ı, ß, ø, ł, ĳ, æ, đ and ’', () => {
    const staff = everyone([
      user(11, 'Ayşe', 'Yıldız'),
      user(12, 'Jörg', 'Strauß'),
      user(13, 'Søren', 'Ødegaard'),
      user(14, 'Łukasz', 'Kowalski'),
      user(15, 'Anna', 'Ĳsselmeer'),
      user(16, 'Pieter', 'D’Hondt'),
      user(17, 'Æsa', 'Đorđević'),
      ...PEOPLE,
    ]);
    const find = (search: string) => names(searchListed(staff, search));
    expect(find('yildiz')).toEqual(['Ayşe Yıldız']);
    expect(find('ayse yildiz')).toEqual(['Ayşe Yıldız']);
    expect(find('strauss')).toEqual(['Jörg Strauß']);
    expect(find('jorg strauß')).toEqual(['Jörg Strauß']);
    expect(find('soren')).toEqual(['Søren Ødegaard']);
    expect(find('odegaard')).toEqual(['Søren Ødegaard']);
    expect(find('lukasz')).toEqual(['Łukasz Kowalski']);
    expect(find('ijsselmeer')).toEqual(['Anna Ĳsselmeer']);
    expect(find('IJsselmeer')).toEqual(['Anna Ĳsselmeer']);
    expect(find("d'hondt")).toEqual(['Pieter D’Hondt']);
    expect(find('d’hondt')).toEqual(['Pieter D’Hondt']);
    expect(find('aesa dordevic')).toEqual(['Æsa Đorđević']);
    // Folding finds more, never less: the letters as written still find their people, and nobody else.
    expect(find('Yıldız')).toEqual(['Ayşe Yıldız']);
    expect(find('Ødegaard')).toEqual(['Søren Ødegaard']);
    expect(find('strausz')).toEqual([]);
  });

  it('without a search or filter, is the list itself', () => {
    const list = everyone();
    expect(searchListed(list, '   ')).toBe(list);
  });

  // How long it takes on a phone is the bench's line (docs/performance.md, searching among 5,000 staff).
  it('finds among 5,000 people exactly those with every word', () => {
    const many = Array.from({ length: 5000 }, (_, index) => listed(user(index + 1, `Naam${index}`, index % 7 ? 'Bakker' : 'de Vries')));
    // Naam7, Naam70…79, Naam700…799 whose index is a multiple of 7 are the de Vrieses among them.
    const expected = Array.from({ length: 5000 }, (_, index) => index).filter((index) => String(index).startsWith('7') && index % 7 === 0);
    expect(searchListed(many, 'de vries naam7').map((one) => one.user.id - 1)).toEqual(expected);
  });
});

describe('reading the list', () => {
  it('reads everyone in pages of ABP’s paging, the first alone, and reports what it has in order', async () => {
    const many = Array.from({ length: 1203 }, (_, index) => user(index + 1, `Naam${index}`, index % 2 ? 'Jansen' : 'Bakker'));
    const { client, asked } = fakeAbp(many);
    const progress: number[] = [];
    const { people, total } = await readDirectory(client, (read) => progress.push(read.length));
    expect(total).toBe(1203);
    expect(people.map((one) => one.user.id)).toEqual(many.map((one) => one.id));
    expect(asked).toEqual([0, 500, 1000].map((skip) => `api/services/app/User/GetAll?SkipCount=${skip}&MaxResultCount=${READ_PAGE}`));
    expect(progress[0]).toBe(500);
    expect(progress.at(-1)).toBe(1203);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('keeps a person once when a page shifted between two reads', async () => {
    const many = Array.from({ length: 600 }, (_, index) => user(index + 1, `Naam${index}`, 'Smit'));
    const { client } = fakeAbp(many);
    const shifting = {
      ...client,
      get: (path: string) =>
        path.includes('SkipCount=500') ? client.get(path.replace('SkipCount=500', 'SkipCount=499')) : client.get(path),
    } as AbpClient;
    const { people } = await readDirectory(shifting);
    expect(people.length).toBe(600);
    expect(new Set(people.map((one) => one.user.id)).size).toBe(600);
  });
});

describe('a read whose pages do not add up', () => {
  it('reads again when someone is deleted between two page reads: nobody falls between the pages', async () => {
    const many = Array.from({ length: 600 }, (_, index) => user(index + 1, `Naam${index}`, 'Smit'));
    const { client, asked } = fakeAbp(many);
    let deleted = false;
    const deleting = {
      ...client,
      get: (path: string) => {
        // Naam10 is deleted just after the first page was read: Naam500 moves to the first page, after it was read.
        if (path.includes('SkipCount=500') && !deleted) {
          deleted = true;
          many.splice(10, 1);
        }
        return client.get(path);
      },
    } as AbpClient;
    const { people, total } = await readDirectory(deleting);
    expect(total).toBe(599);
    expect(people.map((one) => one.user.fullName)).toContain('Naam500 Smit');
    expect(people.map((one) => one.user.id)).toEqual(many.map((one) => one.id));
    expect(asked.filter((path) => path.includes('SkipCount=0'))).toHaveLength(2);
  });

  it('reads again when someone is added between two page reads, and keeps the last read after READS_UNTIL_WHOLE tries', async () => {
    const many = Array.from({ length: 600 }, (_, index) => user(index + 1, `Naam${index}`, 'Smit'));
    const { client, asked } = fakeAbp(many);
    let next = 1000;
    const growing = {
      ...client,
      get: (path: string) => {
        if (path.includes('SkipCount=500')) many.unshift(user((next += 1), `Nieuw${next}`, 'Aa'));
        return client.get(path);
      },
    } as AbpClient;
    const { people } = await readDirectory(growing);
    expect(asked.filter((path) => path.includes('SkipCount=0'))).toHaveLength(READS_UNTIL_WHOLE);
    expect(new Set(people.map((one) => one.user.id)).size).toBe(people.length);
  });
});

describe('one’s own write, in the list at once', () => {
  it('shows the saved person, the status and a deletion as ABP answered them, and says the list is being read again on the next visit', async () => {
    const people = PEOPLE.map((one) => ({ ...one }));
    const abp = fakeAbp(people);
    const list = new UserDirectory(() => abp.client);
    const unsubscribe = onUserWritten((write) => list.apply(write));
    try {
      await list.refresh();
      await updateUser(abp.client, { ...people[0]!, surname: 'Jansen-de Wit', roleNames: null });
      expect(names(list.snapshot().people)).toContain('Bram Jansen-de Wit');
      await setUserActive(abp.client, 4, false);
      expect(list.snapshot().people.find((one) => one.user.id === 4)?.user.isActive).toBe(false);
      await deleteUser(abp.client, 5);
      expect(list.snapshot()).toMatchObject({ total: 4 });
      expect(names(list.snapshot().people)).not.toContain('Daan van den Berg');
      expect(list.stale()).toBe(true);
      list.open();
      expect(list.snapshot().refreshing).toBe(true);
      await list.refresh();
      expect(list.snapshot().refreshing).toBe(false);
    } finally {
      unsubscribe();
    }
  });
});

describe('the list’s freshness', () => {
  function directory(people: User[] = PEOPLE) {
    const abp = fakeAbp(people);
    let now = 1_000_000;
    const list = new UserDirectory(
      () => abp.client,
      () => now,
    );
    const reads = () => abp.asked.filter((path) => path.includes('User/GetAll')).length;
    return { abp, list, reads, later: (ms: number) => (now += ms) };
  }

  it('a visit reads the list once; another visit soon after, and every search, ask nothing', async () => {
    const { list, reads } = directory();
    list.open();
    list.open();
    await list.refresh();
    expect(reads()).toBe(1);
    expect(list.snapshot()).toMatchObject({ total: 5, complete: true });
    list.open();
    searchListed(list.snapshot().people, 'jansen');
    expect(reads()).toBe(1);
  });

  it('is read again after a write of this tab, showing the old list until the new one is whole', async () => {
    const { abp, list, reads } = directory();
    list.open();
    await list.refresh();
    await updateUser(abp.client, { ...PEOPLE[0]!, surname: 'Jansen-de Wit' });
    expect(list.stale()).toBe(true);
    const shown = list.snapshot().people;
    list.open();
    expect(list.snapshot().people).toBe(shown);
    await list.refresh();
    expect(reads()).toBe(2);
    expect(list.stale()).toBe(false);
  });

  it('is read again on a visit after FRESH_MS, not before', async () => {
    const { list, reads, later } = directory();
    list.open();
    await list.refresh();
    later(FRESH_MS);
    list.open();
    expect(reads()).toBe(1);
    later(1);
    list.open();
    await list.refresh();
    expect(reads()).toBe(2);
  });

  it('a failed read keeps what was read, says why, and the next visit tries again', async () => {
    const { abp, list, reads } = directory();
    const failing = new UserDirectory(() => ({ ...abp.client, get: () => Promise.reject(new Error('offline')) }) as unknown as AbpClient);
    await failing.refresh();
    expect(failing.snapshot()).toMatchObject({ complete: false, people: [] });
    expect(failing.snapshot().error).toBeInstanceOf(Error);
    expect(failing.stale()).toBe(true);
    expect(reads()).toBe(0);
    list.open();
    await list.refresh();
    expect(list.snapshot().error).toBeUndefined();
  });
});

describe('one’s own name in ABP, when the person asks for it', () => {
  it('reads the record just before, writes the name (leaving the roles to ABP) when ABP’s copy differs, and nothing when it agrees', async () => {
    const { client, updated } = fakeAbp();
    expect(await copyOwnName(client, 4, { name: 'Piet', surname: 'Monteur' })).toEqual({ copied: false, changedSince: [] });
    expect(updated).toEqual([]);
    expect(await copyOwnName(client, 4, { name: 'Pieter', surname: 'de Monteur' })).toEqual({ copied: true, changedSince: [] });
    expect(updated).toEqual([{ ...PEOPLE[3], name: 'Pieter', surname: 'de Monteur', roleNames: null }]);
  });

  it('reads the record back after the write and answers what someone else changed around it: the status, the roles', async () => {
    const people = PEOPLE.map((one) => ({ ...one }));
    const { client } = fakeAbp(people);
    // Another administrator deactivates him and gives him a role while the write is under way.
    const racing = {
      ...client,
      put: async (path: string, body: unknown) => {
        const answer = await client.put(path, body);
        people[3] = { ...people[3]!, isActive: false, roleNames: ['PLANNER'] };
        return answer;
      },
    } as AbpClient;
    expect(await copyOwnName(racing, 4, { name: 'Pieter', surname: 'de Monteur' })).toEqual({
      copied: true,
      changedSince: [
        { field: 'isActive', written: true, now: false },
        { field: 'roleNames', written: [], now: ['PLANNER'] },
      ],
    });
  });
});

describe('a person read back after a write', () => {
  it('names each field ABP now holds otherwise than the write left it, roles by name in any spelling', () => {
    const written = { ...PEOPLE[3]!, roleNames: ['Monteur'] };
    expect(changedSince(written, { ...written, roleNames: ['MONTEUR'] })).toEqual([]);
    expect(changedSince(written, { ...written, isActive: false, emailAddress: 'p@x.local' })).toEqual([
      { field: 'emailAddress', written: written.emailAddress, now: 'p@x.local' },
      { field: 'isActive', written: true, now: false },
    ]);
    expect(changedSince(written, { ...written, isActive: false, emailAddress: 'p@x.local' }, ['isActive'])).toEqual([
      { field: 'isActive', written: true, now: false },
    ]);
  });
});
