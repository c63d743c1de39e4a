import { randomUUID } from 'node:crypto';
import type { ProfileBody, ReferenceVersionBody } from '../../../contract/profile';
import type { App } from '../../../server/app';
import { referenceVersion1 } from '../../../server/db/migrations/index-references';
import { publishReferenceVersion, ReferenceVersionError } from '../../../server/profile';
import { newCoach, type Coach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';

/**
 * Publishing a reference version re-scores every profile of every account in one
 * transaction: each then names the new version, and new profiles are scored with it.
 */
describe('publishReferenceVersion', () => {
  let app: App;
  let coaches: Coach[];
  let profiles: ProfileBody[];

  beforeAll(async () => {
    app = await buildTestApp();
    coaches = [await newCoach(app, { spots: 10 }), await newCoach(app, { spots: 10 })];
    profiles = [];
    for (const [index, coach] of coaches.entries()) {
      const athlete = await coach.createAthlete({
        firstName: `Runner${index}`,
        lastName: 'Test',
        gender: 'male',
        weightKg: 80,
      });
      // One manual profile, one built from an EAPI result.
      const manual = await coach.post('/api/profile', {
        athleteId: athlete.id,
        testedOn: '2025-02-01',
        measurements: { sprint10Ms: 1700, accelerationMs: 1800 },
      });
      expect(manual.statusCode).toBe(201);
      profiles.push(manual.json<ProfileBody>());
      const stored = await coach.post('/api/event', {
        clientId: randomUUID(),
        athleteId: athlete.id,
        eventTypeId: 2,
        recordedAt: '2025-02-02T15:00:00.000Z',
        timeMs: 4480,
        source: 'device',
        program: 'eapi',
      });
      expect(stored.statusCode).toBe(201);
    }
  });
  afterAll(() => app.close());

  async function allProfiles(): Promise<ProfileBody[]> {
    const lists = await Promise.all(
      coaches.map(
        async (coach) =>
          (await coach.get('/api/profile?pageSize=100')).json<{
            items: ProfileBody[];
          }>().items,
      ),
    );
    return lists.flat();
  }

  /** Version 1 with the male 10-yd and pro-agility means 100 ms slower (the same times score more). */
  const version2 = {
    version: 2,
    note: 'Slower male means (test)',
    rows: referenceVersion1.rows.map((row) =>
      row.sex === 'male' && (row.test === 'sprint10Ms' || row.test === 'proAgilityMs')
        ? { ...row, mean: row.mean + 100 }
        : row,
    ),
  };

  it('refuses a version that is not above the current one, or misses a pooled row, changing nothing', async () => {
    await expect(publishReferenceVersion(app.db, { ...version2, version: 1 })).rejects.toThrow(
      ReferenceVersionError,
    );
    await expect(
      publishReferenceVersion(app.db, {
        ...version2,
        rows: version2.rows.filter((row) => !(row.test === 'flying10Ms' && row.sex === 'any')),
      }),
    ).rejects.toThrow(/flying10Ms/);
    expect(
      (await coaches[0]!.get('/api/index-reference')).json<ReferenceVersionBody>().version,
    ).toBe(1);
  });

  it('re-scores every profile of every account with the new version', async () => {
    const before = await allProfiles();
    expect(before).toHaveLength(4);
    expect(before.every((p) => p.referenceVersion === 1)).toBe(true);
    // 10 yd 1700 against 1800 (100): 600; pro agility 4480 against 4700 (220): 600.
    expect(before.map((p) => p.points.sprint10Ms ?? p.points.proAgilityMs).sort()).toEqual([
      600, 600, 600, 600,
    ]);

    const { rescored } = await publishReferenceVersion(app.db, version2);
    expect(rescored).toBeGreaterThanOrEqual(4);

    const after = await allProfiles();
    expect(after.every((p) => p.referenceVersion === 2)).toBe(true);
    // 1700 against 1900: 700; 4480 against 4800 (220): 645.
    expect(after.map((p) => p.points.sprint10Ms ?? p.points.proAgilityMs).sort()).toEqual([
      645, 645, 700, 700,
    ]);
    // What did not change stays: acceleration's rows are those of version 1.
    const manual = after.find((p) => p.id === profiles[0]!.id)!;
    expect(manual.points.accelerationMs).toBe(500);
    expect(manual.origin).toBe('manual');

    const current = (await coaches[1]!.get('/api/index-reference')).json<ReferenceVersionBody>();
    expect(current).toMatchObject({ version: 2, note: 'Slower male means (test)' });
    const old = (
      await coaches[1]!.get('/api/index-reference?version=1')
    ).json<ReferenceVersionBody>();
    expect(old.rows.find((r) => r.test === 'sprint10Ms' && r.sex === 'male')?.mean).toBe(1800);
  });

  it('scores profiles written after it with the new version', async () => {
    const athlete = await coaches[0]!.createAthlete({
      firstName: 'Late',
      lastName: 'Comer',
      gender: 'male',
    });
    const response = await coaches[0]!.post('/api/profile', {
      athleteId: athlete.id,
      testedOn: '2025-02-03',
      measurements: { sprint10Ms: 1700 },
    });
    expect(response.json<ProfileBody>()).toMatchObject({
      referenceVersion: 2,
      points: { sprint10Ms: 700 },
    });
  });
});
