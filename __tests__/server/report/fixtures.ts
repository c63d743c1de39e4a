import type { App } from '../../../server/app';
import { newCoach, type Coach } from '../athlete/helpers';
import { insertProfile } from '../helpers/profiles';

/**
 * A small account whose reports are checked by hand (points from the version-1 reference
 * rows, server/db/migrations/index-references.ts; male rows: 10 yd 1800 ± 100 ms, pro
 * agility 4700 ± 220 ms, jump power 4800 ± 800 W; female: 2000 ± 110, 5150 ± 250,
 * 3300 ± 550; `any`: 10 yd 1900 ± 140):
 *
 * | athlete | rosters | D1 2026-03-02 | D2 2026-04-06 | D3 2026-05-04 |
 * | Bob Diaz (m, WR) | Sprinters, Jumpers | 551 + 600 + 600 = 1751 | 551 + 650 + 600 = 1801 | |
 * | Ann Lee (f) | Sprinters | 572 + 400 + 500 = 1472 | 572 + 500 + 500 = 1572 | |
 * | Cy Moe (m, WR) | Jumpers | 494 + 400 + 400 = 1294 | | EASI only: 600 + 600 + 600 (flying 10) |
 * | Dee Park (other) | Sprinters | 10 yd only: 500, EAPI null | | |
 * | Eve Ng (m) | none | 1751-like | | |
 * | Gus Roy (m, WR) | none | 551 + 700 + 700 = 1951 | | |
 *
 * Jump power (Sayers): Bob 600 mm at 80 kg = round(3642 + 3624 - 2055) = 5211 W → 551;
 * Ann 500 mm at 60 kg = 3035 + 2718 - 2055 = 3698 W → 572 (female); Cy 450 mm at 90 kg =
 * round(2731.5 + 4077 - 2055) = 4754 W → 494.
 */
export const D1 = '2026-03-02';
export const D2 = '2026-04-06';
export const D3 = '2026-05-04';
const WR = 103;
const FOOTBALL = 1;

export async function reportAccount(app: App) {
  const coach = await newCoach(app, { spots: 50 });
  const sprinters = await coach.createRoster('Sprinters');
  const jumpers = await coach.createRoster('Jumpers');
  const empty = await coach.createRoster('Empty');
  const athlete = (
    firstName: string,
    lastName: string,
    gender: 'male' | 'female' | 'other',
    rosterIds: number[],
    positionId: number | null = null,
  ) =>
    coach.createAthlete({
      firstName,
      lastName,
      gender,
      rosterIds,
      sportId: positionId === null ? null : FOOTBALL,
      positionId,
    });
  const bob = await athlete('Bob', 'Diaz', 'male', [sprinters.id, jumpers.id], WR);
  const ann = await athlete('Ann', 'Lee', 'female', [sprinters.id]);
  const cy = await athlete('Cy', 'Moe', 'male', [jumpers.id], WR);
  const dee = await athlete('Dee', 'Park', 'other', [sprinters.id]);
  const eve = await athlete('Eve', 'Ng', 'male', []);
  const gus = await athlete('Gus', 'Roy', 'male', [], WR);

  const profile = (
    athleteId: number,
    testedOn: string,
    bodyweightKg: number | null,
    measurements: Parameters<typeof insertProfile>[1]['measurements'],
    resultIds?: Parameters<typeof insertProfile>[1]['resultIds'],
  ) =>
    insertProfile(app.db, {
      accountId: coach.accountId,
      athleteId,
      testedOn,
      bodyweightKg,
      measurements,
      resultIds,
    });
  const profiles = {
    bob1: await profile(bob.id, D1, 80, {
      verticalJumpMm: 600,
      sprint10Ms: 1700,
      proAgilityMs: 4480,
    }),
    bob2: await profile(
      bob.id,
      D2,
      80,
      { verticalJumpMm: 600, sprint10Ms: 1650, proAgilityMs: 4480 },
      { sprint10Ms: 4242, verticalJumpMm: 4243 },
    ),
    ann1: await profile(ann.id, D1, 60, {
      verticalJumpMm: 500,
      sprint10Ms: 2110,
      proAgilityMs: 5150,
    }),
    ann2: await profile(ann.id, D2, 60, {
      verticalJumpMm: 500,
      sprint10Ms: 2000,
      proAgilityMs: 5150,
    }),
    cy1: await profile(cy.id, D1, 90, {
      verticalJumpMm: 450,
      sprint10Ms: 1900,
      proAgilityMs: 4920,
    }),
    cy3: await profile(cy.id, D3, 90, {
      accelerationMs: 1700,
      transitionMs: 1100,
      flying10Ms: 1050,
    }),
    dee1: await profile(dee.id, D1, null, { sprint10Ms: 1900 }),
    eve1: await profile(eve.id, D1, 80, {
      verticalJumpMm: 600,
      sprint10Ms: 1700,
      proAgilityMs: 4480,
    }),
    gus1: await profile(gus.id, D1, 80, {
      verticalJumpMm: 600,
      sprint10Ms: 1600,
      proAgilityMs: 4260,
    }),
  };
  return {
    coach,
    rosters: { sprinters, jumpers, empty },
    athletes: { bob, ann, cy, dee, eve, gus },
    profiles,
  };
}
export type ReportAccount = Awaited<ReturnType<typeof reportAccount>>;
export type { Coach };
