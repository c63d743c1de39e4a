import { parse } from 'csv-parse/sync';
import {
  ATHLETE_CSV_COLUMNS,
  type AthleteListBody,
  type ImportReportBody,
  type RosterListBody,
} from '../../../contract/athlete';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { countRows, csv, importCsv, newCoach, type Coach } from './helpers';

const BOM = '\uFEFF';
const HEADER = ATHLETE_CSV_COLUMNS.join(',');

/** The rows of a CSV answer as objects by column (the BOM and the header checked). */
function rowsOf(body: string): Record<string, string>[] {
  expect(body.startsWith(`${BOM}${HEADER}\r\n`)).toBe(true);
  return parse(body.slice(1), { columns: true }) as Record<string, string>[];
}

describe('GET /api/athlete/export and the template', () => {
  let app: App;
  let coach: Coach;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    coach = await newCoach(app, { spots: 5000 });
    const imported = await importCsv(
      coach,
      csv(
        HEADER,
        'Zoë,Anne,Núñez,female,2008-02-29,2026,Track,SPR,168.5,57,T-1,zoe@example.org,Sprinters; Varsity',
        'Sam,,"Reyes, Jr.",male,,2025,Football,QB,180,81.2,,,Varsity',
        '"=1+1",,"He said ""hi""",,,,,,,,@handle,,',
        'Ann,,Lee,,,,,,,,,,',
      ),
      false,
    );
    expect(imported.statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('streams the athletes as CSV in the table order, as an attachment', async () => {
    const response = await coach.get('/api/athlete/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="athletes-${today}.csv"`,
    );
    expect(response.body).toBe(
      [
        `${BOM}${HEADER}`,
        'Sam,,"Reyes, Jr.",male,,2025,Football,QB,180,81.2,,,Varsity',
        'Zoë,Anne,Núñez,female,2008-02-29,2026,Track,SPR,168.5,57,T-1,zoe@example.org,Sprinters; Varsity',
        'Ann,,Lee,,,,,,,,,,',
        `'=1+1,,"He said ""hi""",,,,,,,,'@handle,,`,
        '',
      ].join('\r\n'),
    );
  });

  it('applies the filters and the sort, not the paging', async () => {
    const rosters = (await coach.get('/api/roster')).json<RosterListBody>().items;
    const varsity = rosters.find((r) => r.name === 'Varsity')!;
    const firstNames = async (params: string) =>
      rowsOf((await coach.get(`/api/athlete/export?${params}`)).body).map((r) => r.firstName);
    expect(await firstNames(`rosterId=${varsity.id}&sort=FirstNameAsc`)).toEqual(['Sam', 'Zoë']);
    expect(await firstNames('lastNameQuery=NUN')).toEqual(['Zoë']);
    // The formula comes out with the apostrophe that keeps spreadsheets from running it.
    expect(await firstNames('firstNameQuery=%3D')).toEqual(["'=1+1"]);
    expect(await firstNames('sort=None')).toEqual(['Zoë', 'Sam', "'=1+1", 'Ann']);
    expect(await firstNames('lastNameQuery=nobody')).toEqual([]);
    // The export has no pages: paging parameters are refused, as any it does not take.
    const paged = await coach.get('/api/athlete/export?sort=None&pageSize=1&pageNumber=2');
    expect(paged.statusCode).toBe(400);
    expect(paged.json()).toEqual({
      errors: { pageSize: ['is not allowed'], pageNumber: ['is not allowed'] },
    });
  });

  it("answers 404 for another account's roster and 400 for a bad filter", async () => {
    const other = await newCoach(app);
    const theirs = await other.createRoster('Theirs');
    const response = await coach.get(`/api/athlete/export?rosterId=${theirs.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Roster not found' });
    expect((await coach.get('/api/athlete/export?sort=Sideways')).statusCode).toBe(400);
    // Another account exports only its own (none).
    expect(rowsOf((await other.get('/api/athlete/export')).body)).toEqual([]);
  });

  it('exports a file that imports again into another account as the same athletes', async () => {
    const exported = (await coach.get('/api/athlete/export?sort=None')).body;
    const copy = await newCoach(app, { spots: 10 });
    const report = (await importCsv(copy, exported, false)).json<ImportReportBody>();
    expect(report).toMatchObject({ created: 4, errorCount: 0, fileErrors: [] });
    const strip = (body: AthleteListBody) =>
      body.items.map(({ id: _id, createdAt: _c, rosters, ...rest }) => ({
        ...rest,
        rosters: rosters.map((r) => r.name),
      }));
    const original = (await coach.get('/api/athlete?sort=None')).json<AthleteListBody>();
    const copied = (await copy.get('/api/athlete?sort=None')).json<AthleteListBody>();
    expect(strip(copied)).toEqual(strip(original));
    expect(strip(copied).map((a) => a.firstName)).toContain('=1+1');
  });

  it('stores no name through the API that its export could not import again', async () => {
    const writer = await newCoach(app, { spots: 10 });
    // Letters of every plane, combining marks, joiners: one line of Unicode text.
    const names = ['Zoë', 'Zoe\u0308', '李', 'Ōtani', 'A🏃\u200d♀️', '𝒜da'];
    for (const firstName of names) {
      const created = await writer.post('/api/athlete', { firstName, lastName: 'Lee' });
      expect(created.statusCode).toBe(201);
    }
    // Text that was stored, and then broke the file (U+FFFD: "not UTF-8 text") or its lines.
    for (const firstName of ['Ann\ufffd', 'Ann\u001b[2J', 'Ann\r\nLee', 'Ann\u007f', 'Ann\ud800']) {
      const refused = await writer.post('/api/athlete', { firstName, lastName: 'Lee' });
      expect([firstName, refused.statusCode]).toEqual([firstName, 400]);
    }
    const exported = (await writer.get('/api/athlete/export?sort=None')).body;
    const reader = await newCoach(app, { spots: 10 });
    const report = (await importCsv(reader, exported, false)).json<ImportReportBody>();
    expect(report).toMatchObject({ created: names.length, errorCount: 0, fileErrors: [] });
    const firstNames = (await reader.get('/api/athlete?sort=None')).json<AthleteListBody>();
    expect(firstNames.items.map((a) => a.firstName).sort()).toEqual([...names].sort());
  });

  it('reads the table in batches without repeating or skipping across batch edges', async () => {
    const many = await newCoach(app, { spots: 2600 });
    const lines = ['firstName,lastName'];
    // Five last names only: ties run across every batch of 1,000.
    for (let i = 0; i < 2500; i += 1)
      lines.push(`F${i % 7},${['Ng', 'Li', 'Wu', 'Ode', 'Kim'][i % 5]}`);
    expect((await importCsv(many, csv(...lines), false)).statusCode).toBe(200);
    for (const sort of ['LastNameAsc', 'FirstNameDesc', 'None']) {
      const exported = rowsOf((await many.get(`/api/athlete/export?sort=${sort}`)).body);
      const ids: number[] = [];
      for (let pageNumber = 1; pageNumber <= 5; pageNumber += 1) {
        const page = await many.get(
          `/api/athlete?sort=${sort}&pageSize=500&pageNumber=${pageNumber}`,
        );
        ids.push(...page.json<AthleteListBody>().items.map((a) => a.id));
      }
      expect(exported).toHaveLength(2500);
      expect(ids).toHaveLength(2500);
      // Same order as the paged table: compare the names row by row.
      const byId = new Map(
        (
          await app.db
            .selectFrom('athletes')
            .select(['id', 'first_name', 'last_name'])
            .where('account_id', '=', many.accountId)
            .execute()
        ).map((a) => [Number(a.id), `${a.first_name} ${a.last_name}`]),
      );
      expect(exported.map((r) => `${r.firstName} ${r.lastName}`)).toEqual(
        ids.map((id) => byId.get(id)),
      );
    }
    expect(await countRows(app, 'athletes', many.accountId)).toBe(2500);
  });

  it('serves the import template: the header and an example row that imports', async () => {
    const response = await coach.get('/api/athlete/import/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="athletes-template.csv"',
    );
    const rows = rowsOf(response.body);
    expect(rows).toEqual([
      {
        firstName: 'Jordan',
        middleName: 'Lee',
        lastName: 'Smith',
        gender: 'female',
        birthDate: '2008-04-15',
        graduationYear: '2026',
        sport: 'Soccer',
        position: 'MF',
        heightCm: '165.5',
        weightKg: '58.2',
        externalId: 'S-1024',
        email: 'jordan.smith@example.org',
        rosters: 'Varsity; Girls Soccer',
      },
    ]);
    const fresh = await newCoach(app);
    const report = (await importCsv(fresh, response.body, true)).json<ImportReportBody>();
    expect(report).toMatchObject({
      rowCount: 1,
      errorCount: 0,
      fileErrors: [],
      newRosters: ['Varsity', 'Girls Soccer'],
    });
  });

  it('needs a sign-in', async () => {
    expect((await app.inject('/api/athlete/export')).statusCode).toBe(401);
    expect((await app.inject('/api/athlete/import/template')).statusCode).toBe(401);
  });
});
