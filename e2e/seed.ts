import type { Api } from './account';

/**
 * Data for the layout and accessibility tests (e2e/phone, screens, a11y), sent through the API
 * as a device or Manual Entry sends it: ten athletes with long, hyphenated names and an
 * EAPI session of each.
 */

const YD = 914.4;
const mm = (yards: number) => Math.round(yards * YD);

/** Long, hyphenated names: what squeezed headers and ellipsised the TV board. */
export const roster = [
  ['Narciso', 'Schimmel-Vandervort'],
  ['Anastasia', 'Oberbrunner-Kuhlman'],
  ['Maximiliano', 'Bartoletti'],
  ['Guadalupe', 'Wolff-Heathcote'],
  ['Christopher', 'Runolfsdottir'],
  ['Bartholomew', 'Konopelski'],
  ['Jacqueline', 'Vandervort-Smith'],
  ['Fitzgerald', 'Stoltenberg'],
  ['Evangeline', 'Cummerata-Lind'],
  ['Alessandro', 'Kshlerin-Hagenes'],
] as const;

/** A roster of these athletes (boys of 75 kg, so that the EAPI scores them). */
export async function seedRoster(
  api: Api,
  names: ReadonlyArray<readonly [string, string]> = roster,
): Promise<{ rosterId: number; ids: number[] }> {
  const { id: rosterId } = await api('POST', '/roster', { name: 'Varsity sprinters' });
  const ids: number[] = [];
  for (const [firstName, lastName] of names) {
    const athlete = await api('POST', '/athlete', {
      firstName,
      lastName,
      gender: 'male',
      weightKg: 75,
      rosterIds: [rosterId],
    });
    ids.push(athlete.id);
  }
  return { rosterId, ids };
}

/**
 * An EAPI session for every athlete (a 40 with splits, the pro agility, the vertical
 * jump), and a few typed-in sprints under Manual Entry.
 */
export async function seedEapiSession(api: Api, ids: number[]): Promise<{ date: string }> {
  const recordedAt = new Date(Date.now() - 3_600_000).toISOString();
  const items = ids.flatMap((athleteId, index) => {
    const sprint = 5000 + index * 37;
    return [
      {
        clientId: `phone-sprint-${athleteId}`,
        athleteId,
        eventTypeId: 1,
        recordedAt,
        distanceMm: mm(40),
        timeMs: sprint,
        splits: [
          { distanceMm: mm(10), timeMs: Math.round(sprint * 0.35) },
          { distanceMm: mm(20), timeMs: Math.round(sprint * 0.58) },
        ],
        program: 'eapi',
        source: 'manual',
        timingMethod: 'hand',
      },
      {
        clientId: `phone-agility-${athleteId}`,
        athleteId,
        eventTypeId: 2,
        recordedAt,
        timeMs: 4600 + index * 29,
        program: 'eapi',
        source: 'manual',
      },
      {
        clientId: `phone-jump-${athleteId}`,
        athleteId,
        eventTypeId: 5,
        recordedAt,
        markMm: 640 - index * 9,
        program: 'eapi',
        source: 'manual',
      },
    ];
  });
  // And a Manual Entry session of sprints for the first three, for that program's page.
  const typed = ids.slice(0, 3).map((athleteId, index) => ({
    clientId: `phone-typed-${athleteId}`,
    athleteId,
    eventTypeId: 1,
    recordedAt,
    distanceMm: mm(40),
    timeMs: 5100 + index * 40,
    program: 'manualentry',
    source: 'manual',
    timingMethod: 'hand',
  }));
  await api('POST', '/event', { items: [...items, ...typed] });
  return { date: recordedAt.slice(0, 10) };
}
