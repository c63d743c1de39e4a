import type { EventTypeBody } from '../../../contract/event';

/** The built-in types as `GET /api/event-type` answers them (server/db/migrations/reference-data.ts). */
export const sprint: EventTypeBody = {
  id: 1,
  code: 'sprint',
  name: 'Linear sprint',
  unit: 'time',
  lowerIsBetter: true,
  builtIn: true,
  distanceMode: 'variable',
  defaultDistanceMm: 36576,
  splitDistancesMm: [9144, 18288, 36576],
  aliases: [{ id: 3, name: 'Combine 40', distanceMm: 36576 }],
};

export const proAgility: EventTypeBody = {
  id: 2,
  code: 'pro-agility',
  name: 'Pro agility (5-10-5)',
  unit: 'time',
  lowerIsBetter: true,
  builtIn: true,
  distanceMode: 'fixed',
  defaultDistanceMm: 18288,
  splitDistancesMm: [4572, 13716, 18288],
  aliases: [],
};

export const lDrill: EventTypeBody = {
  id: 4,
  code: 'l-drill',
  name: 'L-drill (3-cone)',
  unit: 'time',
  lowerIsBetter: true,
  builtIn: true,
  distanceMode: 'none',
  defaultDistanceMm: null,
  splitDistancesMm: [],
  aliases: [],
};

export const verticalJump: EventTypeBody = {
  id: 5,
  code: 'vertical-jump',
  name: 'Vertical jump',
  unit: 'height',
  lowerIsBetter: false,
  builtIn: true,
  distanceMode: 'none',
  defaultDistanceMm: null,
  splitDistancesMm: [],
  aliases: [],
};

export const broadJump: EventTypeBody = {
  ...verticalJump,
  id: 6,
  code: 'broad-jump',
  name: 'Broad jump',
  unit: 'distance',
};

export const eventTypes = [sprint, proAgility, lDrill, verticalJump, broadJump];
