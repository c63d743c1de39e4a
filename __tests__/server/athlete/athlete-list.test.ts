import {
  ATHLETE_SORTS,
  type AthleteBody,
  type AthleteListBody,
  type AthleteSort,
  type RosterBody,
} from '../../../contract/athlete';
import { MAX_ID } from '../../../contract/common';
import type { App } from '../../../server/app';
import { nameKey } from '../../../server/athlete/name-key';
import { buildTestApp } from '../helpers/build-test-app';
import { newCoach, type Coach } from './helpers';

/** [first, middle, last]: ties on every name, accents, cases and LIKE metacharacters. */
const PEOPLE: [string, string, string][] = [
  ['Émile', '', 'Zola'],
  ['Emily', 'Rose', 'Smith'],
  ['emil', '', 'SMITH'],
  ['Sam', 'J', 'Smith'],
  ['Zoë', '', 'Smith'],
  ['Ann', 'Rosa', 'smith'],
  ['Sam', '', 'Smíth'],
  ['Bob', '', "O'Neil"],
  ['Al', '', 'Per%cent'],
  ['Al', '', 'Percent'],
  ['Al', '', 'Under_score'],
  ['Al', '', 'Underxscore'],
  ['Al', '', 'Back\\slash'],
  ['Al', '', 'Backslash'],
  ['Íñigo', 'José', 'Núñez'],
  ['Sam', 'J', 'Nunez'],
  ['sam', 'j', 'nunez'],
  ['Sam', '', 'Adams'],
];

const query = (params: Record<string, string | number>) =>
  `/api/athlete?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;

describe('GET /api/athlete', () => {
  let app: App;
  let coach: Coach;
  let other: Coach;
  let athletes: AthleteBody[];
  let sprinters: RosterBody;
  let jumpers: RosterBody;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    coach = await newCoach(app, { spots: 100 });
    other = await newCoach(app, { spots: 100 });
    sprinters = await coach.createRoster('Sprinters');
    jumpers = await coach.createRoster('Jumpers');
    athletes = [];
    for (const [index, [firstName, middleName, lastName]] of PEOPLE.entries()) {
      const rosterIds = [
        ...(index % 2 === 0 ? [sprinters.id] : []),
        ...(index % 3 === 0 ? [jumpers.id] : []),
      ];
      athletes.push(await coach.createAthlete({ firstName, middleName, lastName, rosterIds }));
    }
    // Another account's Smiths must never show.
    await other.createAthlete({ firstName: 'Sam', lastName: 'Smith' });
    await other.createAthlete({ firstName: 'Emily', lastName: 'Smith' });
  });
  afterAll(() => app.close());

  const list = async (params: Record<string, string | number>, c: Coach = coach) => {
    const response = await c.get(query(params));
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    return response.json<AthleteListBody>();
  };

  /** The order a sort must give: the key (byte order, as collate "C"), then id, one direction. */
  function expectedOrder(rows: AthleteBody[], sort: AthleteSort): number[] {
    const match = /^(FirstName|MiddleName|LastName)(Asc|Desc)$/.exec(sort);
    const sign = match?.[2] === 'Desc' ? -1 : 1;
    const field = match
      ? (`${match[1]!.charAt(0).toLowerCase()}${match[1]!.slice(1)}` as
          'firstName' | 'middleName' | 'lastName')
      : undefined;
    const key = (a: AthleteBody) => (field ? nameKey(a[field]) : '');
    return [...rows]
      .sort((a, b) => {
        const [ka, kb] = [key(a), key(b)];
        return sign * (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id);
      })
      .map((a) => a.id);
  }

  /** Every page of a query, with a small page size. */
  async function allPages(params: Record<string, string | number>, pageSize: number) {
    const ids: number[] = [];
    let totalCount = -1;
    for (let pageNumber = 1; ; pageNumber += 1) {
      const page = await list({ ...params, pageNumber, pageSize });
      expect(page.pageNumber).toBe(pageNumber);
      expect(page.pageSize).toBe(pageSize);
      if (totalCount >= 0) expect(page.totalCount).toBe(totalCount);
      totalCount = page.totalCount;
      if (page.items.length === 0) break;
      expect(page.items.length).toBeLessThanOrEqual(pageSize);
      ids.push(...page.items.map((a) => a.id));
    }
    return { ids, totalCount };
  }

  it('answers the first page of 20 by LastNameDesc by default, with exact totalCount', async () => {
    const page = await list({});
    expect(page.pageNumber).toBe(1);
    expect(page.pageSize).toBe(20);
    expect(page.totalCount).toBe(PEOPLE.length);
    expect(page.items.map((a) => a.id)).toEqual(expectedOrder(athletes, 'LastNameDesc'));
    expect(page.items[0]).toEqual(athletes[0]); // Zola: the full athlete, rosters included
  });

  it.each(ATHLETE_SORTS)(
    'pages through %s in 3s without repeating or skipping, ties by id',
    async (sort) => {
      const { ids, totalCount } = await allPages({ sort }, 3);
      expect(totalCount).toBe(PEOPLE.length);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expectedOrder(athletes, sort));
    },
  );

  it('orders ties in the sort direction: the Smiths by id, both ways', async () => {
    const smiths = athletes.filter((a) => nameKey(a.lastName) === 'smith').map((a) => a.id);
    expect(smiths.length).toBe(6); // Smith, SMITH, smith, Smíth: one key
    const asc = await list({ lastNameQuery: 'smith', sort: 'LastNameAsc' });
    expect(asc.items.map((a) => a.id)).toEqual([...smiths].sort((a, b) => a - b));
    const desc = await list({ lastNameQuery: 'smith', sort: 'LastNameDesc' });
    expect(desc.items.map((a) => a.id)).toEqual([...smiths].sort((a, b) => b - a));
    const page2 = await list({
      lastNameQuery: 'smith',
      sort: 'LastNameDesc',
      pageSize: 4,
      pageNumber: 2,
    });
    expect(page2.items.map((a) => a.id)).toEqual([...smiths].sort((a, b) => b - a).slice(4));
  });

  it('finds names by prefix ignoring case and accents', async () => {
    const names = async (params: Record<string, string>) =>
      (await list({ ...params, sort: 'None' })).items.map((a) =>
        `${a.firstName} ${a.middleName} ${a.lastName}`.replace(/ +/g, ' '),
      );
    expect(await names({ firstNameQuery: 'EMI' })).toEqual([
      'Émile Zola',
      'Emily Rose Smith',
      'emil SMITH',
    ]);
    expect(await names({ firstNameQuery: 'émil' })).toEqual([
      'Émile Zola',
      'Emily Rose Smith',
      'emil SMITH',
    ]);
    expect(await names({ firstNameQuery: 'emile' })).toEqual(['Émile Zola']);
    expect(await names({ lastNameQuery: 'NÚÑ' })).toEqual([
      'Íñigo José Núñez',
      'Sam J Nunez',
      'sam j nunez',
    ]);
    expect(await names({ middleNameQuery: 'ros' })).toEqual(['Emily Rose Smith', 'Ann Rosa smith']);
    expect(
      await names({ firstNameQuery: ' sam ', middleNameQuery: 'j', lastNameQuery: 'sm' }),
    ).toEqual(['Sam J Smith']);
    expect(await names({ lastNameQuery: 'o’' })).toEqual([]);
    expect(await names({ lastNameQuery: "o'n" })).toEqual(["Bob O'Neil"]);
    // A name query matches the start only.
    expect(await names({ lastNameQuery: 'mith' })).toEqual([]);
    // Blank queries filter nothing.
    expect((await list({ firstNameQuery: '  ', lastNameQuery: '' })).totalCount).toBe(
      PEOPLE.length,
    );
  });

  it('treats LIKE metacharacters in a query literally', async () => {
    const lastNames = async (lastNameQuery: string) =>
      (await list({ lastNameQuery, sort: 'LastNameAsc' })).items.map((a) => a.lastName);
    expect(await lastNames('per%')).toEqual(['Per%cent']);
    expect(await lastNames('under_')).toEqual(['Under_score']);
    expect(await lastNames('back\\')).toEqual(['Back\\slash']);
    expect(await lastNames('%')).toEqual([]);
    expect(await lastNames('_')).toEqual([]);
    expect(await lastNames('per')).toEqual(['Per%cent', 'Percent']);
  });

  it('filters by roster, with the other filters and paging; -1 is every athlete', async () => {
    const onSprinters = athletes.filter((_, i) => i % 2 === 0);
    const { ids, totalCount } = await allPages({ rosterId: sprinters.id, sort: 'FirstNameAsc' }, 4);
    expect(totalCount).toBe(onSprinters.length);
    expect(ids).toEqual(expectedOrder(onSprinters, 'FirstNameAsc'));
    const both = await list({ rosterId: jumpers.id, lastNameQuery: 'smi', sort: 'LastNameAsc' });
    const expected = athletes.filter(
      (a, i) => i % 3 === 0 && nameKey(a.lastName).startsWith('smi'),
    );
    expect(both.items.map((a) => a.id)).toEqual(expectedOrder(expected, 'LastNameAsc'));
    expect(both.totalCount).toBe(expected.length);
    expect((await list({ rosterId: -1 })).totalCount).toBe(PEOPLE.length);
  });

  it('lists each athlete’s rosters by name', async () => {
    const page = await list({ sort: 'None', pageSize: 1 });
    expect(page.items[0]!.rosters).toEqual([
      { id: jumpers.id, name: 'Jumpers' },
      { id: sprinters.id, name: 'Sprinters' },
    ]);
    const second = await list({ sort: 'None', pageSize: 1, pageNumber: 2 });
    expect(second.items[0]!.rosters).toEqual([]);
  });

  it('answers an empty page past the end, with the total', async () => {
    const page = await list({ pageNumber: 99, pageSize: 20 });
    expect(page).toEqual({ items: [], totalCount: PEOPLE.length, pageNumber: 99, pageSize: 20 });
    const last = await list({ pageNumber: MAX_ID, pageSize: 500 });
    expect(last).toMatchObject({ items: [], totalCount: PEOPLE.length, pageNumber: MAX_ID });
    // Beyond int4 a page number is refused: it came back rounded (2^64 as 18446744073709552000).
    for (const pageNumber of [2 ** 40, '18446744073709551616']) {
      const response = await coach.get(query({ pageNumber, pageSize: 500 }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: { pageNumber: [`must be <= ${MAX_ID}`] } });
    }
  });

  it("answers 404 for another account's roster or one that does not exist", async () => {
    const theirs = await other.createRoster('Theirs');
    for (const rosterId of [theirs.id, 99999999, 0]) {
      const response = await coach.get(query({ rosterId }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Roster not found' });
    }
  });

  it('shows only the account’s own athletes', async () => {
    const theirs = await list({ lastNameQuery: 'smith' }, other);
    expect(theirs.totalCount).toBe(2);
    const mine = new Set(athletes.map((a) => a.id));
    expect(theirs.items.every((a) => !mine.has(a.id))).toBe(true);
  });

  it('refuses a bad query with 400 by field', async () => {
    const cases: [Record<string, string | number>, string[]][] = [
      [{ pageSize: 0 }, ['pageSize']],
      [{ pageSize: 501 }, ['pageSize']],
      [{ pageNumber: 0, pageSize: 'x' }, ['pageNumber', 'pageSize']],
      [{ sort: 'Bogus' }, ['sort']],
      [{ rosterId: -2 }, ['rosterId']],
      [{ firstNameQuery: 'x'.repeat(101) }, ['firstNameQuery']],
    ];
    for (const [params, fields] of cases) {
      const response = await coach.get(query(params));
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual(fields);
    }
  });
});
