import {
  ATHLETE_CSV_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_ROSTERS,
  type AthleteListBody,
  type ImportReportBody,
  type RosterListBody,
} from '../../../contract/athlete';
import { LINE_MESSAGE } from '../../../contract/common';
import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { countRows, csv, importCsv, newCoach, setSpots, type Coach } from './helpers';

const HEADER = ATHLETE_CSV_COLUMNS.join(',');

describe('POST /api/athlete/import', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  /** What must hold after a refused or dry import: nothing of the file written. */
  async function expectNothingWritten(coach: Coach, spots: number, athletes = 0) {
    expect(await countRows(app, 'athletes', coach.accountId)).toBe(athletes);
    expect(await countRows(app, 'rosters', coach.accountId)).toBe(0);
    expect(await countRows(app, 'roster_athletes', coach.accountId)).toBe(0);
    expect(await coach.spots()).toBe(spots);
  }

  const file = csv(
    'FirstName,LASTNAME,sport,position,rosters,externalId,birthDate,gender,heightCm,weightKg,graduationYear,email,middleName',
    'Sam,Reyes,Football,QB,Varsity; Speed,S1,2007-03-01,m,180.5,81.24,2025,sam@example.org,',
    'Zoë,Núñez,soccer,midfielder,varsity,,,F,,,,,Ana',
    'Li,Wu,,,,,,,,,,,',
  );

  it('reports a clean file on a dry run and writes nothing', async () => {
    const coach = await newCoach(app, { spots: 10 });
    const response = await importCsv(coach, file, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dryRun: true,
      rowCount: 3,
      errorCount: 0,
      created: 0,
      newRosters: ['Varsity', 'Speed'],
      athleteSpots: 10,
      fileErrors: [],
      rows: [
        { line: 2, firstName: 'Sam', lastName: 'Reyes', errors: {} },
        { line: 3, firstName: 'Zoë', lastName: 'Núñez', errors: {} },
        { line: 4, firstName: 'Li', lastName: 'Wu', errors: {} },
      ],
    } satisfies ImportReportBody);
    await expectNothingWritten(coach, 10);
  });

  it('commits every row, creating missing rosters and taking the spots', async () => {
    const coach = await newCoach(app, { spots: 10 });
    const speed = await coach.createRoster('SPEED');
    const response = await importCsv(coach, file, false);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      dryRun: false,
      rowCount: 3,
      errorCount: 0,
      created: 3,
      newRosters: ['Varsity'],
      athleteSpots: 10,
    });
    expect(await coach.spots()).toBe(7);
    const rosters = (await coach.get('/api/roster')).json<RosterListBody>().items;
    expect(rosters.map((r) => [r.name, r.athleteCount])).toEqual([
      ['SPEED', 1],
      ['Varsity', 2],
    ]);
    const varsity = rosters.find((r) => r.name === 'Varsity')!;
    const athletes = (await coach.get('/api/athlete?sort=FirstNameAsc')).json<AthleteListBody>();
    expect(athletes.items).toEqual([
      expect.objectContaining({ firstName: 'Li', lastName: 'Wu', sportId: null, rosters: [] }),
      expect.objectContaining({
        firstName: 'Sam',
        middleName: '',
        lastName: 'Reyes',
        gender: 'male',
        birthDate: '2007-03-01',
        graduationYear: 2025,
        sportId: 1,
        positionId: 101,
        heightCm: 180.5,
        weightKg: 81.2,
        externalId: 'S1',
        email: 'sam@example.org',
        rosters: [
          { id: speed.id, name: 'SPEED' },
          { id: varsity.id, name: 'Varsity' },
        ],
      }),
      expect.objectContaining({
        firstName: 'Zoë',
        middleName: 'Ana',
        lastName: 'Núñez',
        gender: 'female',
        sportId: 5,
        positionId: 503,
        rosters: [{ id: varsity.id, name: 'Varsity' }],
      }),
    ]);
    // Searchable like any athlete: the name keys were written.
    const found = (await coach.get('/api/athlete?lastNameQuery=nun')).json<AthleteListBody>();
    expect(found.items.map((a) => a.firstName)).toEqual(['Zoë']);
    // The ids came from the table's sequence: the next athlete gets a later one.
    const next = await coach.createAthlete({ firstName: 'Next', lastName: 'One' });
    expect(athletes.items.every((a) => a.id < next.id)).toBe(true);
    // The import's shortcuts on PGlite end with its transaction.
    const { rows } = await sql<{
      session_replication_role: string;
    }>`show session_replication_role`.execute(app.db);
    expect(rows[0]!.session_replication_role).toBe('origin');
  });

  it('reports every bad cell by line and column on a dry run', async () => {
    const coach = await newCoach(app, { spots: 10 });
    await coach.createAthlete({ firstName: 'Old', lastName: 'Timer', externalId: 'TAKEN' });
    const bad = csv(
      HEADER,
      ',,Reyes,x,2007-02-30,20xx,Futbol,QB,-3,heavy,TAKEN,not-mail,',
      'Ann,,Lee,,2099-01-01,,Football,Goalie,,,D1,,',
      'Bo,,Bell,,,,,QB,,,D1,,',
      'Cy,,Cole,other,,,Other,X,400,,,,',
    );
    const response = await importCsv(coach, bad, true);
    expect(response.statusCode).toBe(200);
    const report = response.json<ImportReportBody>();
    expect(report).toMatchObject({ dryRun: true, rowCount: 4, errorCount: 4, created: 0 });
    expect(report.rows).toEqual([
      {
        line: 2,
        firstName: '',
        lastName: 'Reyes',
        errors: {
          firstName: ['must not be empty'],
          gender: ['must be female, male or other (or F, M, O), or empty'],
          graduationYear: ['must be a year between 1900 and 2200, e.g. 2027'],
          heightCm: ['must be a number above 0 and at most 300, e.g. 180.5'],
          weightKg: ['must be a number above 0 and at most 500, e.g. 75.2'],
          sport: [
            'Unknown sport "Futbol": use one of Football, Basketball, Baseball, Softball, Soccer, Volleyball, Track, Lacrosse, Hockey, Other.',
          ],
          birthDate: ['must be a date as YYYY-MM-DD, e.g. 2008-04-15'],
          email: ['must be an e-mail address like name@example.org'],
          externalId: ['Old Timer has this external id already; external ids must be unique.'],
        },
      },
      {
        line: 3,
        firstName: 'Ann',
        lastName: 'Lee',
        errors: {
          position: [
            '"Goalie" is not a position of Football: use one of QB, RB, WR, TE, OL, DL, LB, DB, K, P.',
          ],
          birthDate: ['must not be in the future'],
          externalId: ['"D1" is also the external id on line 4; external ids must be unique.'],
        },
      },
      {
        line: 4,
        firstName: 'Bo',
        lastName: 'Bell',
        errors: {
          position: ['needs the sport of the position (the sport column)'],
          externalId: ['"D1" is also the external id on line 3; external ids must be unique.'],
        },
      },
      {
        line: 5,
        firstName: 'Cy',
        lastName: 'Cole',
        errors: {
          position: ['Other has no positions: leave the position empty.'],
          heightCm: ['must be a number above 0 and at most 300, e.g. 180.5'],
        },
      },
    ]);
    await expectNothingWritten(coach, 9, 1);
  });

  it('writes nothing when one row is wrong, answering 400 by rows.<line>.<column>', async () => {
    const coach = await newCoach(app, { spots: 10 });
    const oneBad = csv(
      'firstName,lastName,birthDate,rosters',
      'Sam,Reyes,2007-03-01,Varsity',
      'Ann,Lee,2007-13-01,Varsity',
      'Bo,,2007-01-01,JV',
    );
    const response = await importCsv(coach, oneBad, false);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        'rows.3.birthDate': ['must be a date as YYYY-MM-DD, e.g. 2008-04-15'],
        'rows.4.lastName': ['must not be empty'],
      },
    });
    await expectNothingWritten(coach, 10);
  });

  it('refuses more rows than athlete spots, on a dry run and a commit', async () => {
    const coach = await newCoach(app, { spots: 2 });
    const message =
      'This file adds 3 athletes, but this account may add only 2 more. Buy more athlete spots in the Store, or import fewer rows.';
    const dry = await importCsv(coach, file, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ errorCount: 0, athleteSpots: 2, fileErrors: [message] });
    const commit = await importCsv(coach, file, false);
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toEqual({ errors: { file: [message] } });
    await expectNothingWritten(coach, 2);
  });

  it('lets only one of two concurrent imports take the last spots', async () => {
    const coach = await newCoach(app, { spots: 4 });
    const one = csv('firstName,lastName', 'A,One', 'B,One', 'C,One');
    const two = csv('firstName,lastName', 'A,Two', 'B,Two', 'C,Two');
    const responses = await Promise.all([
      importCsv(coach, one, false),
      importCsv(coach, two, false),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await countRows(app, 'athletes', coach.accountId)).toBe(3);
    expect(await coach.spots()).toBe(1);
  });

  it.each<[string, string, string[]]>([
    [
      'an unknown column',
      csv('firstName,lastName,team', 'A,B,Red'),
      [`Unknown column "team": the columns are ${ATHLETE_CSV_COLUMNS.join(', ')}.`],
    ],
    [
      'a column twice',
      csv('firstName,lastName,LastName', 'A,B,C'),
      ['The column "lastName" appears twice.'],
    ],
    [
      'no lastName column',
      csv('firstName,email', 'A,a@b.co'),
      ['The header row needs the column lastName.'],
    ],
    [
      'no name columns',
      csv('gender', 'f'),
      ['The header row needs the columns firstName and lastName.'],
    ],
    [
      'a nameless column with values',
      csv('firstName,lastName,', 'A,B,x'),
      ['Column 3 has values but no name in the header row.'],
    ],
    ['no rows', csv('firstName,lastName'), ['The file has a header row but no athletes.']],
    [
      'nothing at all',
      '  \r\n',
      [`The file is empty: it needs a header row (${ATHLETE_CSV_COLUMNS.join(',')}).`],
    ],
    [
      'a quote left open',
      csv('firstName,lastName', 'A,"B'),
      [
        'The file is not valid CSV: Quote Not Closed: the parsing is finished with an opening quote at line 3.',
      ],
    ],
  ])('reports %s as a file error and writes nothing', async (_, body, fileErrors) => {
    const coach = await newCoach(app, { spots: 5 });
    const dry = await importCsv(coach, body, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ fileErrors, rows: [], created: 0 });
    const commit = await importCsv(coach, body, false);
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toEqual({ errors: { file: fileErrors } });
    await expectNothingWritten(coach, 5);
  });

  it(`refuses more than ${MAX_IMPORT_ROWS} rows`, async () => {
    const coach = await newCoach(app, { spots: 5 });
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `A${i},B`);
    const response = await importCsv(coach, csv('firstName,lastName', ...rows), true);
    expect(response.json()).toMatchObject({
      rowCount: MAX_IMPORT_ROWS + 1,
      rows: [],
      fileErrors: expect.arrayContaining([
        `The file has ${MAX_IMPORT_ROWS + 1} athletes; at most ${MAX_IMPORT_ROWS} can be imported at once: split it.`,
      ]),
    });
  });

  it('refuses a file that is not UTF-8', async () => {
    const coach = await newCoach(app, { spots: 5 });
    const latin1 = Buffer.from('firstName,lastName\r\nZo\xeb,N\xfa\xf1ez\r\n', 'latin1');
    const response = await coach.request({
      method: 'POST',
      url: '/api/athlete/import?dryRun=true',
      headers: { 'content-type': 'text/csv' },
      payload: latin1,
    });
    expect(response.json().fileErrors).toEqual([
      'The file is not UTF-8 text: save it as "CSV UTF-8" and import it again.',
    ]);
  });

  it('reads a BOM, blank rows, trailing commas, quoted line breaks and semicolons', async () => {
    const coach = await newCoach(app, { spots: 10 });
    const body =
      '\uFEFFfirstName;lastName;rosters\r\n\r\nAnn;Lee;"A, B"\r\n;;\r\n"Bo\r\nBo";Bell;\r\nCy;Cole;;\r\n';
    const response = await importCsv(coach, body, true);
    expect(response.json()).toMatchObject({
      rowCount: 3,
      // A name is one line: the quoted line break is read, and refused as the API does.
      errorCount: 1,
      fileErrors: [],
      newRosters: ['A, B'],
      rows: [
        { line: 3, firstName: 'Ann', errors: {} },
        { line: 5, firstName: 'Bo\r\nBo', errors: { firstName: [LINE_MESSAGE] } },
        { line: 7, firstName: 'Cy', errors: {} },
      ],
    });
    const extra = await importCsv(coach, csv('firstName,lastName', 'A,B,C,D'), true);
    expect(extra.json().rows[0].errors).toEqual({
      row: ['has 4 cells, but the header row has 2'],
    });
  });

  it('refuses control characters in text cells, as the API refuses them in its fields', async () => {
    const coach = await newCoach(app, { spots: 10 });
    const response = await importCsv(
      coach,
      csv(
        'firstName,lastName,externalId,email,rosters',
        'Ann,Lee\u001b[31m,,,',
        'Bo,Bell,"T-\t1",,',
        'Cy,Cole,,cy\u0085@example.org,Sprinters; A\u007fB',
        'Di,Dunn,,,Sprinters',
      ),
      true,
    );
    expect(response.json<ImportReportBody>().rows.map((row) => row.errors)).toEqual([
      { lastName: [LINE_MESSAGE] },
      { externalId: [LINE_MESSAGE] },
      { email: [LINE_MESSAGE], rosters: [`each roster name ${LINE_MESSAGE}`] },
      {},
    ]);
  });

  it('refuses more new rosters than MAX_ROSTERS allows', async () => {
    const coach = await newCoach(app, { spots: 5 });
    await app.db
      .insertInto('rosters')
      .values(
        Array.from({ length: MAX_ROSTERS - 1 }, (_, i) => ({
          account_id: coach.accountId,
          name: `Group ${i}`,
        })),
      )
      .execute();
    const body = csv('firstName,lastName,rosters', 'A,B,Group 1; New one; New two');
    const response = await importCsv(coach, body, false);
    expect(response.json()).toEqual({
      errors: {
        file: [
          `The file names 2 new rosters, but this account has ${MAX_ROSTERS - 1} and may have at most ${MAX_ROSTERS}.`,
        ],
      },
    });
  });

  it('answers 400 for a missing dryRun, a body that is not CSV, and 413 above 5 MB', async () => {
    const coach = await newCoach(app, { spots: 5 });
    const noFlag = await coach.request({
      method: 'POST',
      url: '/api/athlete/import',
      headers: { 'content-type': 'text/csv' },
      payload: file,
    });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json()).toEqual({
      errors: { dryRun: ['must be true (check only) or false (import)'] },
    });
    const json = await coach.post('/api/athlete/import?dryRun=true', { firstName: 'A' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({
      errors: { file: ['Send the CSV file as the request body with Content-Type: text/csv.'] },
    });
    const huge = `${HEADER}\r\n${'x'.repeat(5 * 1024 * 1024)}`;
    const tooLarge = await importCsv(coach, huge, true);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toHaveProperty('message');
    await expectNothingWritten(coach, 5);
  });

  it('vacuums and analyses the athlete tables after a large import, not after a small one', async () => {
    // The earlier of the two (null until both have run): both must have happened since.
    const lastAnalyze = async () => {
      const { rows } = await sql<{ at: Date | null }>`
        select case when last_vacuum is not null then least(last_analyze, last_vacuum) end as at
        from pg_stat_user_tables
        where relname = 'athletes' and schemaname = current_schema()`.execute(app.db);
      return rows[0]?.at?.getTime() ?? 0;
    };
    const coach = await newCoach(app, { spots: 300 });
    const before = await lastAnalyze();
    const rows = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => `Stat${from + i},Athlete`);
    await importCsv(coach, csv('firstName,lastName', ...rows(5, 0)), false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lastAnalyze()).toBe(before);
    const large = await importCsv(coach, csv('firstName,lastName', ...rows(200, 5)), false);
    expect(large.json()).toMatchObject({ created: 200 });
    for (let i = 0; i < 100 && (await lastAnalyze()) === before; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await lastAnalyze()).toBeGreaterThan(before);
  });

  it('commits 10,000 rows in one go, with their rosters', async () => {
    const coach = await newCoach(app, { spots: 10_000 });
    const lines = ['firstName,lastName,sport,position,externalId,rosters,birthDate,heightCm'];
    for (let i = 0; i < 10_000; i += 1) {
      lines.push(
        `First${i},Last${i % 97},Football,WR,X${i},Team ${i % 20}; Year ${i % 4},2008-01-${String((i % 28) + 1).padStart(2, '0')},${170 + (i % 30)}.5`,
      );
    }
    const started = performance.now();
    const response = await importCsv(coach, csv(...lines), false);
    const seconds = (performance.now() - started) / 1000;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 10_000, errorCount: 0 });
    expect(await countRows(app, 'athletes', coach.accountId)).toBe(10_000);
    expect(await countRows(app, 'rosters', coach.accountId)).toBe(24);
    expect(await countRows(app, 'roster_athletes', coach.accountId)).toBe(20_000);
    expect(await coach.spots()).toBe(0);
    // The timing target (< 5 s on PGlite) is measured by bench/athletes.ts; here only a sanity bound.
    expect(seconds).toBeLessThan(30);
    await setSpots(app, coach.accountId, 0);
  });
});
