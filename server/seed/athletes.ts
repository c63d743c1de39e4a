import { Faker, base, en } from '@faker-js/faker';
import type { Gender } from '../db/schema';
import { sports } from '../db/migrations/reference-data';
import { athleteSd, centredPosition, HIGH_SCHOOL_WEIGHT } from './ability';
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
  sex: Sex;
  /** Birth (ms, UTC midnight), also when `birthDate` is not shown: age drives ability.ts. */
  bornAt: number;
  college: boolean;
  /**
   * SDs from the high-school population mean, position (centred) and the athlete's own
   * draw, before age, season and level (ability.ts): + is slower (speed) or higher (power).
   */
  speedZ: number;
  powerZ: number;
  /** Multiplies the gain with age (some athletes develop faster). */
  gainFactor: number;
  /** Seeds the athlete's form of each day (measure.ts), the same for every attempt that day. */
  formSeed: number;
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
  // The class year is the year the athlete leaves this program: a high-school class of
  // 2027 was born from September 2008 to August 2009 (18-19 years before), a college class
  // four years later; one college athlete in ten is a fifth-year senior (a redshirt year).
  const graduationYear = untilYear + random.int(0, 3);
  const redshirt = level === 'college' && random.chance(0.1) ? 1 : 0;
  const bornAt = birth(random, graduationYear - (level === 'hs' ? 18 : 22) - redshirt);
  const firstName = random.chance(0.06)
    ? random.pick(accentedFirst[sex])
    : faker.person.firstName(sex);
  const lastName = random.chance(0.04) ? random.pick(accentedLast) : faker.person.lastName();
  const ageAtUntil = (Date.UTC(untilYear, 5, 1) - bornAt) / (365.25 * 86_400_000);
  const body = bodySize(random, profile.heightCm, profile.weightKg, sex, level, ageAtUntil);
  const centred = centredPosition(sex, profile.speed, profile.power);
  return {
    firstName,
    middleName: random.chance(0.3) ? faker.person.firstName(sex) : '',
    lastName,
    gender: random.chance(0.01) ? null : random.chance(0.005) ? 'other' : sex,
    birthDate: random.chance(0.6) ? new Date(bornAt).toISOString().slice(0, 10) : null,
    graduationYear,
    sportId: sportIndex + 1,
    positionId: positionIndex < 0 ? null : (sportIndex + 1) * 100 + positionIndex + 1,
    sport,
    position,
    ...body,
    externalId: random.chance(0.4) ? `S${String(100000 + number)}` : null,
    email: random.chance(0.35) ? faker.internet.email({ firstName, lastName }).toLowerCase() : null,
    population: `${level}-${sex}`,
    sex,
    bornAt,
    college: level === 'college',
    speedZ: centred.speed + random.normal(0, athleteSd(sex, 'speed')),
    powerZ: centred.power + random.normal(0, athleteSd(sex, 'power')),
    gainFactor: Math.max(0.4, random.normal(1, 0.25)),
    formSeed: random.int(1, 2 ** 31),
  };
}

function pickPosition(random: Random, sport: string, abbreviations: string[]): number {
  if (sport !== 'Football') return random.int(0, abbreviations.length - 1);
  const chosen = random.weighted(
    abbreviations.map((abbr) => [abbr, footballPositionWeights[abbr] ?? 1] as const),
  );
  return abbreviations.indexOf(chosen);
}

/**
 * Height and weight around the position's size (a college man's): women ~8% shorter and
 * 20% lighter; a high-school athlete grows towards it, from 72% of the weight at 14 to
 * 84% at 19 (and 97% to 100% of the height).
 */
function bodySize(
  random: Random,
  heightCm: number,
  weightKg: number,
  sex: Sex,
  level: Level,
  age: number,
) {
  const grown = Math.min(1, Math.max(0, (age - 14) / 5));
  const sexHeight = sex === 'female' ? 0.92 : 1;
  const sexWeight = sex === 'female' ? 0.8 : 1;
  const ageHeight = sex === 'female' ? 0.99 + 0.01 * grown : 0.97 + 0.03 * grown;
  const ageWeight =
    level === 'college'
      ? 1
      : HIGH_SCHOOL_WEIGHT.at14 + (HIGH_SCHOOL_WEIGHT.at19 - HIGH_SCHOOL_WEIGHT.at14) * grown;
  const mean = heightCm * sexHeight * ageHeight;
  const height = mean + random.normal(0, 5);
  const weight = weightKg * sexWeight * ageWeight * (height / mean) ** 2 + random.normal(0, 6);
  return {
    heightCm: Math.round(height * 10) / 10,
    weightKg: Math.round(Math.max(40, weight) * 10) / 10,
  };
}

/** A birth day (ms) from September 1 of `year - 1` to August 31 of `year`: one school class. */
function birth(random: Random, year: number): number {
  return Date.UTC(year - 1, 8, 1) + random.int(0, 364) * 86_400_000;
}
