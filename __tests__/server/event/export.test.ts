import type { Readable } from 'node:stream';
import type { ResultListBody } from '../../../contract/event-query';
import type { App } from '../../../server/app';
import { exportResults } from '../../../server/event/export';
import { buildTestApp } from '../helpers/build-test-app';
import {
  addAlias,
  addAthletes,
  addResults,
  addRoster,
  coach,
  qs,
  yd,
  type Coach,
} from './read-fixtures';

type Params = Record<string, string | number | boolean | undefined | null>;

/** A small CSV reader: enough for what the export writes (quoted fields, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (quoted) {
      field += char;
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('GET /api/event/export', () => {
  let app: App;
  let mine: Coach;
  let theirs: Coach;
  let theirRoster: number;
  let varsity: number;
  const today = new Date().toISOString().slice(0, 10);

  const get = (params: Params, who: Coach = mine) =>
    app.inject({ url: `/api/event/export${qs(params)}`, headers: who.headers });
  const csv = async (params: Params) => {
    const response = await get(params);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    return {
      header: header!,
      rows: rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))),
    };
  };
  const listIds = async (params: Params) =>
    (
      await app.inject({
        url: `/api/event${qs({ pageSize: 500, ...params })}`,
        headers: mine.headers,
      })
    )
      .json<ResultListBody>()
      .items.map((i) => String(i.id));

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    mine = await coach(app, 'export@example.com');
    theirs = await coach(app, 'other-export@example.com');
    const [zoe, formula, comma] = await addAthletes(app, mine.id, [
      { first: 'Zoë', middle: 'Q', last: 'Ávila' },
      { first: '=HYPERLINK("x")', last: '+Plus' },
      { first: 'Anne, Marie', last: 'O"Neil' },
    ]);
    varsity = await addRoster(app, mine.id, 'Varsity', [zoe!]);
    const alias = await addAlias(app, mine.id, 1, 'Combine 40');
    await addResults(app, mine.id, [
      {
        athlete: zoe!,
        type: 1,
        distanceMm: yd(40),
        value: 4950,
        at: '2025-03-01T15:00:00Z',
        lane: 2,
        alias,
        splits: [
          [yd(10), 1700],
          [yd(20), 2900],
          [yd(30), 3950],
          [yd(40), 4950],
        ],
      },
      {
        athlete: zoe!,
        type: 5,
        distanceMm: 0,
        value: 640,
        at: '2025-03-01T16:00:00Z',
        program: 'eapi',
      },
      {
        athlete: formula!,
        type: 1,
        distanceMm: yd(10),
        value: 1800,
        at: '2025-03-02T15:00:00Z',
        splits: [[yd(10), 1800]],
      },
      {
        athlete: comma!,
        type: 2,
        distanceMm: yd(20),
        value: 4600,
        at: '2025-03-03T15:00:00Z',
        implausible: true,
        timing: 'hand',
        source: 'manual',
      },
    ]);
    const [their] = await addAthletes(app, theirs.id, [{ first: 'Not', last: 'Mine' }]);
    theirRoster = await addRoster(app, theirs.id, 'Theirs', [their!]);
    await addResults(app, theirs.id, [
      { athlete: their!, type: 1, distanceMm: yd(40), value: 4800, at: '2025-03-01T15:00:00Z' },
    ]);
  });
  afterAll(() => app.close());

  it('downloads the table as a CSV attachment named by the day', async () => {
    const response = await get({});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="results-${today}.csv"`,
    );
    const named = await get({ tz: 'Pacific/Kiritimati' });
    expect(named.headers['content-disposition']).toMatch(
      /^attachment; filename="results-\d{4}-\d\d-\d\d\.csv"$/,
    );
  });

  it('writes every result with its athlete, event and splits in columns', async () => {
    const { header, rows } = await csv({ sort: 'DateAsc' });
    expect(header).toEqual([
      'id',
      'recordedAt',
      'athleteId',
      'firstName',
      'middleName',
      'lastName',
      'eventTypeId',
      'eventType',
      'eventAliasId',
      'eventAlias',
      'laneId',
      'distanceMm',
      'timeMs',
      'markMm',
      'program',
      'source',
      'timingMethod',
      'implausible',
      // The standard splits of every built-in type (5, 10, 15, 20, 30, 40, 60 yd), then the rest.
      ...[4572, 9144, 13716, 18288, 27432, 36576, 54864].map((mm) => `split_${mm}mm_ms`),
      'otherSplits',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      recordedAt: '2025-03-01T15:00:00.000Z',
      firstName: 'Zoë',
      middleName: 'Q',
      lastName: 'Ávila',
      eventTypeId: '1',
      eventType: 'Linear sprint',
      eventAlias: 'Combine 40',
      laneId: '2',
      distanceMm: '36576',
      timeMs: '4950',
      markMm: '',
      program: 'none',
      source: 'device',
      timingMethod: 'electronic',
      implausible: 'false',
      split_9144mm_ms: '1700',
      split_18288mm_ms: '2900',
      split_27432mm_ms: '3950',
      split_36576mm_ms: '4950',
      split_4572mm_ms: '',
      otherSplits: '',
    });
    expect(rows[1]).toMatchObject({
      eventType: 'Vertical jump',
      timeMs: '',
      markMm: '640',
      distanceMm: '0',
      laneId: '',
      program: 'eapi',
    });
    expect(rows[3]).toMatchObject({ implausible: 'true', timingMethod: 'hand', source: 'manual' });
  });

  it('keeps text as text: commas and quotes quoted, formulas defused', async () => {
    const { rows } = await csv({ sort: 'DateAsc' });
    expect(rows[2]).toMatchObject({ firstName: `'=HYPERLINK("x")`, lastName: "'+Plus" });
    expect(rows[3]).toMatchObject({ firstName: 'Anne, Marie', lastName: 'O"Neil' });
  });

  it('applies the filters and the sort of the table', async () => {
    for (const params of [
      { sort: 'ResultAsc' },
      { sort: 'LastName', program: 'none' },
      { rosterId: varsity, sort: 'EventAsc' },
      { typeQuery: 'combine' },
      { getBestByAthlete: true, sort: 'None' },
      { getBestByAthlete: true, startDate: '2025-03-02', sort: 'DateDesc' },
    ] as Params[]) {
      const { rows } = await csv(params);
      expect(rows.map((r) => r.id)).toEqual(await listIds(params));
    }
    const { rows } = await csv({ typeQuery: 'nothing-like-this' });
    expect(rows).toEqual([]);
  });

  it('streams in keyset batches without repeating or skipping a row', async () => {
    const { id: accountId } = mine;
    const [athlete] = await addAthletes(app, accountId, [{ first: 'Batch', last: 'Runner' }]);
    await addResults(
      app,
      accountId,
      Array.from({ length: 23 }, (_, i) => ({
        athlete: athlete!,
        type: i % 2 ? 1 : 3,
        distanceMm: yd(10),
        value: 1700 + (i % 5),
        at: `2025-04-01T10:${String(i % 7).padStart(2, '0')}:00Z`,
      })),
    );
    for (const sort of ['DateDesc', 'ResultAsc', 'EventDesc', 'FirstName', 'None'] as const) {
      // smallTable 0: the index walks of a large table; default: a small one sorted whole.
      for (const smallTable of [0, undefined]) {
        const { stream } = await exportResults(
          app.db,
          accountId,
          { sort },
          { log: app.log, batchSize: 4, ...(smallTable === undefined ? {} : { smallTable }) },
        );
        const [, ...lines] = parseCsv((await text(stream)).slice(1));
        expect(lines.map((line) => line[0])).toEqual(await listIds({ sort }));
      }
    }
  });

  it("answers 404 for another account's roster and 400 for bad filters", async () => {
    const missing = await get({ rosterId: theirRoster });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: expect.any(String) });
    const bad = await get({ startDate: '2025-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { startDate: [expect.any(String)] } });
    // The export has no pages: a page number is refused, as any parameter it does not take.
    const paged = await get({ pageNumber: 2 });
    expect(paged.statusCode).toBe(400);
    expect(paged.json()).toEqual({ errors: { pageNumber: ['is not allowed'] } });
  });

  it("exports only the account's own results", async () => {
    const response = await get({}, theirs);
    const [, ...rows] = parseCsv(response.body.slice(1));
    expect(rows.map((r) => r[3])).toEqual(['Not']);
  });
});
