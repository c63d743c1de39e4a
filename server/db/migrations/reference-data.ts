/**
 * Reference data seeded by migration 002. Changing it needs a new migration:
 * ids here are referenced by accounts' rows.
 */

const YARD_MM = 914.4;
const yd = (yards: number): number => Math.round(yards * YARD_MM);

export const sports: { name: string; positions: [abbreviation: string, name: string][] }[] = [
  {
    name: 'Football',
    positions: [
      ['QB', 'Quarterback'],
      ['RB', 'Running back'],
      ['WR', 'Wide receiver'],
      ['TE', 'Tight end'],
      ['OL', 'Offensive line'],
      ['DL', 'Defensive line'],
      ['LB', 'Linebacker'],
      ['DB', 'Defensive back'],
      ['K', 'Kicker'],
      ['P', 'Punter'],
    ],
  },
  {
    name: 'Basketball',
    positions: [
      ['PG', 'Point guard'],
      ['SG', 'Shooting guard'],
      ['SF', 'Small forward'],
      ['PF', 'Power forward'],
      ['C', 'Center'],
    ],
  },
  {
    name: 'Baseball',
    positions: [
      ['P', 'Pitcher'],
      ['C', 'Catcher'],
      ['IF', 'Infield'],
      ['OF', 'Outfield'],
    ],
  },
  {
    name: 'Softball',
    positions: [
      ['P', 'Pitcher'],
      ['C', 'Catcher'],
      ['IF', 'Infield'],
      ['OF', 'Outfield'],
    ],
  },
  {
    name: 'Soccer',
    positions: [
      ['GK', 'Goalkeeper'],
      ['DF', 'Defender'],
      ['MF', 'Midfielder'],
      ['FW', 'Forward'],
    ],
  },
  {
    name: 'Volleyball',
    positions: [
      ['S', 'Setter'],
      ['OH', 'Outside hitter'],
      ['MB', 'Middle blocker'],
      ['OPP', 'Opposite'],
      ['L', 'Libero'],
    ],
  },
  {
    name: 'Track',
    positions: [
      ['SPR', 'Sprints'],
      ['HUR', 'Hurdles'],
      ['JMP', 'Jumps'],
      ['THR', 'Throws'],
      ['DST', 'Distance'],
    ],
  },
  {
    name: 'Lacrosse',
    positions: [
      ['A', 'Attack'],
      ['M', 'Midfield'],
      ['D', 'Defense'],
      ['G', 'Goalie'],
    ],
  },
  {
    name: 'Hockey',
    positions: [
      ['F', 'Forward'],
      ['D', 'Defense'],
      ['G', 'Goalie'],
    ],
  },
  { name: 'Other', positions: [] },
];

export interface EventTypeSeed {
  id: number;
  code: string;
  name: string;
  unit: 'time' | 'distance' | 'height';
  lowerIsBetter: boolean;
  defaultDistanceMm: number | null;
  splitDistancesMm: number[];
}

/** Id 1 is the linear sprint: the spec's default leaderboard. */
export const eventTypes: EventTypeSeed[] = [
  {
    id: 1,
    code: 'sprint',
    name: 'Linear sprint',
    unit: 'time',
    lowerIsBetter: true,
    defaultDistanceMm: yd(40),
    splitDistancesMm: [yd(10), yd(20), yd(40)],
  },
  {
    id: 2,
    code: 'pro-agility',
    name: 'Pro agility (5-10-5)',
    unit: 'time',
    lowerIsBetter: true,
    defaultDistanceMm: yd(20),
    splitDistancesMm: [yd(5), yd(15), yd(20)],
  },
  {
    id: 3,
    code: 'flying-sprint',
    name: 'Flying sprint',
    unit: 'time',
    lowerIsBetter: true,
    defaultDistanceMm: yd(10),
    splitDistancesMm: [yd(10)],
  },
  {
    id: 4,
    code: 'l-drill',
    name: 'L-drill (3-cone)',
    unit: 'time',
    lowerIsBetter: true,
    defaultDistanceMm: null,
    splitDistancesMm: [],
  },
  {
    id: 5,
    code: 'vertical-jump',
    name: 'Vertical jump',
    unit: 'height',
    lowerIsBetter: false,
    defaultDistanceMm: null,
    splitDistancesMm: [],
  },
  {
    id: 6,
    code: 'broad-jump',
    name: 'Broad jump',
    unit: 'distance',
    lowerIsBetter: false,
    defaultDistanceMm: null,
    splitDistancesMm: [],
  },
  {
    id: 7,
    code: 'shuttle-60',
    name: '60-yd shuttle',
    unit: 'time',
    lowerIsBetter: true,
    defaultDistanceMm: yd(60),
    splitDistancesMm: [yd(10), yd(30), yd(60)],
  },
];

/**
 * Scoring tables (docs/performance-index.md): for each test, the reference population's
 * mean (500 points) and a world-class mark (1000 points); points are linear between and
 * beyond them, clamped to 0..1000. Vertical jump is scored as bodyweight-adjusted peak
 * power (Sayers: W = 60.7 * jump_cm + 45.3 * mass_kg - 2055).
 */
export const scoringTables = [
  {
    indexName: 'eapi' as const,
    version: 1,
    data: {
      tests: {
        'vertical-jump-power-w': { mean: 4200, worldClass: 7200, higherIsBetter: true },
        'sprint-10yd-ms': { mean: 1800, worldClass: 1450, higherIsBetter: false },
        'pro-agility-ms': { mean: 4700, worldClass: 3900, higherIsBetter: false },
        'broad-jump-mm': { mean: 2300, worldClass: 3400, higherIsBetter: true },
      },
      core: ['vertical-jump-power-w', 'sprint-10yd-ms', 'pro-agility-ms'],
      optional: ['broad-jump-mm'],
    },
  },
  {
    indexName: 'easi' as const,
    version: 1,
    data: {
      tests: {
        'acceleration-0-10yd-ms': { mean: 1800, worldClass: 1450, higherIsBetter: false },
        'transition-10-20yd-ms': { mean: 1180, worldClass: 900, higherIsBetter: false },
        'top-speed-20-40yd-ms': { mean: 2250, worldClass: 1750, higherIsBetter: false },
      },
      core: ['acceleration-0-10yd-ms', 'transition-10-20yd-ms', 'top-speed-20-40yd-ms'],
      optional: [],
    },
  },
];
