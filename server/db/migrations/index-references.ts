import type { ReferenceSex, Test } from '../../../contract/index-constants';

/**
 * Version 1 of the performance index's reference tables, seeded by migration 016
 * (docs/performance-index.md, "Reference tables"). A later version is published as data
 * (server/profile/references.ts), never by editing this file: profiles name the version
 * they were scored with.
 */

/** Where version 1's figures come from (docs/performance-index.md names the publications). */
const HIGH_SCHOOL =
  'Splitline v1: high-school norms (approximate; docs/performance-index.md, "Sources")';
const POWER =
  'Splitline v1: high-school norms of Sayers peak power (Sayers et al. 1999, Med Sci Sports Exerc 31:572)';

export interface ReferenceSeed {
  test: Test;
  sex: ReferenceSex;
  mean: number;
  sd: number;
  lowerIsBetter: boolean;
  source: string;
}

/** [test, lowerIsBetter, [male mean, sd], [female mean, sd], [pooled mean, sd]] */
const figures: [Test, boolean, [number, number], [number, number], [number, number]][] = [
  ['verticalJumpPowerW', false, [4800, 800], [3300, 550], [4050, 1000]],
  ['sprint10Ms', true, [1800, 100], [2000, 110], [1900, 140]],
  ['proAgilityMs', true, [4700, 220], [5150, 250], [4920, 330]],
  ['sprint40Ms', true, [5200, 300], [5950, 320], [5570, 480]],
  ['broadJumpMm', false, [2440, 220], [1980, 200], [2210, 310]],
  ['accelerationMs', true, [1800, 100], [2000, 110], [1900, 140]],
  ['transitionMs', true, [1170, 70], [1330, 80], [1250, 110]],
  ['topSpeedMs', true, [2250, 140], [2620, 160], [2430, 240]],
  ['flying10Ms', true, [1120, 70], [1280, 80], [1200, 110]],
];

export const referenceVersion1 = {
  version: 1,
  note: 'High-school reference population, both sexes and pooled (Splitline v1).',
  rows: figures.flatMap(([test, lowerIsBetter, male, female, pooled]): ReferenceSeed[] =>
    (
      [
        ['male', male],
        ['female', female],
        ['any', pooled],
      ] as const
    ).map(([sex, [mean, sd]]) => ({
      test,
      sex,
      mean,
      sd,
      lowerIsBetter,
      source: test === 'verticalJumpPowerW' ? POWER : HIGH_SCHOOL,
    })),
  ),
};
