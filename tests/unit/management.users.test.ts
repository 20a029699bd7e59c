import { describe, expect, it } from 'vitest';
import type { AbpClient } from '../../src/abp/client.ts';
import { copyOwnName, findUsers, type User } from '../../src/management/users.ts';

function user(id: number, name: string, surname: string, isActive = true): User {
  const userName = `${name}.${surname}`.normalize('NFD').replace(/[\u0300-\u036f\s]/g, '').toLowerCase();
  return { id, userName, name, surname, emailAddress: `${userName}@isolatie.local`, isActive, fullName: `${name} ${surname}`, lastLoginTime: null, creationTime: '', roleNames: [] };
}

const PEOPLE = [user(1, 'Bram', 'Jansen'), user(2, 'Anouk', 'Jansen', false), user(3, 'Zoë', 'Çelik'), user(4, 'Piet', 'Monteur'), user(5, 'Daan', 'van den Berg')];

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
      return Promise.resolve(body);
    },
  } as unknown as AbpClient;
  return { client, asked, updated };
}

const PAGE = { skipCount: 0, maxResultCount: 20 };
const names = (result: { items: User[] }) => result.items.map((one) => one.fullName);

describe('searching people', () => {
  it('finds a surname, which ABP’s Keyword does not search, in any case', async () => {
    const { client } = fakeAbp();
    expect(names(await findUsers(client, { ...PAGE, keyword: 'Jansen' }))).toEqual(['Bram Jansen', 'Anouk Jansen']);
    expect(names(await findUsers(client, { ...PAGE, keyword: 'jANSEN' }))).toEqual(['Bram Jansen', 'Anouk Jansen']);
  });

  it('wants every word somewhere, ignores accents, and keeps the status filter', async () => {
    const { client } = fakeAbp();
    expect(names(await findUsers(client, { ...PAGE, keyword: ' jansen  bram ' }))).toEqual(['Bram Jansen']);
    expect(names(await findUsers(client, { ...PAGE, keyword: 'zoe celik' }))).toEqual(['Zoë Çelik']);
    expect(names(await findUsers(client, { ...PAGE, keyword: 'van den', isActive: true }))).toEqual(['Daan van den Berg']);
    expect(names(await findUsers(client, { ...PAGE, keyword: 'Jansen', isActive: false }))).toEqual(['Anouk Jansen']);
  });

  it('reads the whole list in pages and pages the result itself', async () => {
    const many = Array.from({ length: 1203 }, (_, index) => user(index + 1, `Naam${index}`, index % 2 ? 'Jansen' : 'Bakker'));
    const { client, asked } = fakeAbp(many);
    const page = await findUsers(client, { keyword: 'jansen', skipCount: 20, maxResultCount: 20 });
    expect(page.totalCount).toBe(601);
    expect(names(page)[0]).toBe('Naam41 Jansen');
    expect(asked).toEqual([0, 500, 1000].map((skip) => `api/services/app/User/GetAll?SkipCount=${skip}&MaxResultCount=500`));
  });

  it('leaves paging to ABP without a search', async () => {
    const { client, asked } = fakeAbp();
    await findUsers(client, { ...PAGE, keyword: '  ' });
    expect(asked).toEqual(['api/services/app/User/GetAll?SkipCount=0&MaxResultCount=20']);
  });
});

describe('one’s own name in ABP', () => {
  it('writes the name when ABP’s copy differs, and nothing when it agrees', async () => {
    const { client, updated } = fakeAbp();
    expect(await copyOwnName(client, 4, { name: 'Piet', surname: 'Monteur' })).toBe(false);
    expect(updated).toEqual([]);
    expect(await copyOwnName(client, 4, { name: 'Pieter', surname: 'de Monteur' })).toBe(true);
    expect(updated).toEqual([{ ...PEOPLE[3], name: 'Pieter', surname: 'de Monteur' }]);
  });
});
