import { Faker, base, en } from '@faker-js/faker';
import type { Gender } from '../db/schema';
import { sports } from '../db/migrations/reference-data';
import {
  footballPositionWeights,
  positionProfiles,
  sportMix,
  type Level,
  type Population,
  type Sex,
} from './norms';
import type { Random } from './random';

/** One generated athlete, with the hidden ability the result generator draws from. */
export interface SeedAthlete {
  firstName: string;
  middleName: string;
  lastName: string;
  gender: Gender | null;
  birthDate: string | null;
  graduationYear: number;
  sportId: number;
  positionId: number | null;
  sport: string;
  position: string;
  heightCm: number;
  weightKg: number;
  externalId: string | null;
  email: string | null;
  population: Population;
  /** Sd units from the population mean: + is slower (speed) or higher (power). */
  speedZ: number;
  powerZ: number;
  /** Multiplies the yearly improvement (some athletes develop faster). */
  gainFactor: number;
}

const accentedFirst: Record<Sex, string[]> = {
  male: ['José', 'André', 'Noël', 'Jürgen', 'Raúl', 'Zoltán', 'Björn', 'Andrés', 'Rubén', 'Iñaki'],
  female: ['Zoë', 'Chloé', 'Renée', 'Noémie', 'Inés', 'Sofía', 'Anaïs', 'Mónica', 'Léa', 'Åsa'],
};
const accentedLast = [
  'Núñez',
  'Peña',
  'Müller',
  'Ibáñez',
  'Brontë',
  'García',
  'Gómez',
  'Lefèvre',
  'Sánchez',
  'Çelik',
];

/**
 * Generates `count` athletes of a football-heavy high-school and college program.
 * `numberFrom` numbers their external ids (S100001, ...), so that appending more keeps them unique.
 */
export function generateAthletes(
  random: Random,
  count: number,
  options: { untilYear: number; numberFrom: number },
): SeedAthlete[] {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(random.int(1, 2 ** 31));
  return Array.from({ length: count }, (_, index) =>
    generateAthlete(random, faker, options.numberFrom + index, options.untilYear),
  );
}

function generateAthlete(
  random: Random,
  faker: Faker,
  number: number,
  untilYear: number,
): SeedAthlete {
  const [sport, , femaleShare] = random.weighted(
    sportMix.map((entry) => [entry, entry[1]] as const),
  );
  const sex: Sex = random.chance(femaleShare) ? 'female' : 'male';
  const level: Level = random.chance(0.7) ? 'hs' : 'college';
  const sportIndex = sports.findIndex((s) => s.name === sport);
  const positions = sports[sportIndex]?.positions ?? [];
  const positionIndex =
    positions.length === 0
      ? -1
      : pickPosition(
          random,
          sport,
          positions.map(([abbr]) => abbr),
        );
  const position = positions[positionIndex]?.[0] ?? '';
  const profile = positionProfiles[sport]?.[position] ?? positionProfiles.Other!['']!;
  const graduationYear = untilYear + random.int(level === 'hs' ? 0 : 1, level === 'hs' ? 3 : 4);
  const firstName = random.chance(0.06)
    ? random.pick(accentedFirst[sex])
    : faker.person.firstName(sex);
  const lastName = random.chance(0.04) ? random.pick(accentedLast) : faker.person.lastName();
  const body = bodySize(random, profile.heightCm, profile.weightKg, sex, level);
  return {
    firstName,
    middleName: random.chance(0.3) ? faker.person.firstName(sex) : '',
    lastName,
    gender: random.chance(0.01) ? null : random.chance(0.005) ? 'other' : sex,
    birthDate: random.chance(0.6)
      ? birthDate(random, graduationYear - (level === 'hs' ? 18 : 22))
      : null,
    graduationYear,
    sportId: sportIndex + 1,
    positionId: positionIndex < 0 ? null : (sportIndex + 1) * 100 + positionIndex + 1,
    sport,
    position,
    ...body,
    externalId: random.chance(0.4) ? `S${String(100000 + number)}` : null,
    email: random.chance(0.35) ? faker.internet.email({ firstName, lastName }).toLowerCase() : null,
    population: `${level}-${sex}`,
    speedZ: profile.speed + random.normal(0, 0.8),
    powerZ: profile.power + random.normal(0, 0.8),
    gainFactor: Math.max(0.2, random.normal(level === 'hs' ? 1 : 0.5, 0.35)),
  };
}

function pickPosition(random: Random, sport: string, abbreviations: string[]): number {
  if (sport !== 'Football') return random.int(0, abbreviations.length - 1);
  const chosen = random.weighted(
    abbreviations.map((abbr) => [abbr, footballPositionWeights[abbr] ?? 1] as const),
  );
  return abbreviations.indexOf(chosen);
}

/** Height and weight around the position's size; women ~8% shorter, high schoolers lighter. */
function bodySize(random: Random, heightCm: number, weightKg: number, sex: Sex, level: Level) {
  const sexHeight = sex === 'female' ? 0.92 : 1;
  const sexWeight = sex === 'female' ? 0.8 : 1;
  const levelHeight = level === 'hs' ? 0.985 : 1;
  const levelWeight = level === 'hs' ? 0.88 : 1;
  const height = heightCm * sexHeight * levelHeight + random.normal(0, 5);
  const weight =
    weightKg * sexWeight * levelWeight * (height / (heightCm * sexHeight * levelHeight)) ** 2 +
    random.normal(0, 6);
  return {
    heightCm: Math.round(height * 10) / 10,
    weightKg: Math.round(Math.max(40, weight) * 10) / 10,
  };
}

function birthDate(random: Random, year: number): string {
  const date = new Date(Date.UTC(year - 1, 8, 1) + random.int(0, 364) * 86_400_000);
  return date.toISOString().slice(0, 10);
}
