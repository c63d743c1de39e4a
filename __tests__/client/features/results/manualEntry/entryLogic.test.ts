import { buildBatch } from '../../../../../src/features/results/manualEntry/entryBatch';
import {
  entryColumns,
  runDistanceOf,
} from '../../../../../src/features/results/manualEntry/entryColumns';
import {
  parseMark,
  parseSeconds,
} from '../../../../../src/features/results/manualEntry/entryParse';
import type { SessionSetup } from '../../../../../src/features/results/manualEntry/entrySession';
import {
  entryRows,
  newClientId,
} from '../../../../../src/features/results/manualEntry/entrySession';
import { checkRow } from '../../../../../src/features/results/manualEntry/entryValidation';
import { moveTarget } from '../../../../../src/features/results/manualEntry/gridNavigation';
import { gridErrorsOf } from '../../../../../src/features/results/manualEntry/serverCellErrors';
import { broadJump, lDrill, proAgility, sprint, verticalJump } from '../../../fakes/eventTypes';
import { standardDistances } from '../../../../../src/lib/units';

describe('parseSeconds', () => {
  it.each([
    ['4.62', 4620],
    ['4,62', 4620],
    [' 4.62 s ', 4620],
    ['.95', 950],
    ['5', 5000],
    ['1:05.3', 65300],
    ['4.625', 4625],
  ])('reads %j as %i ms', (text, ms) => {
    expect(parseSeconds(text)).toEqual({ value: ms });
  });

  it('leaves an empty cell empty', () => {
    expect(parseSeconds('  ')).toBeNull();
  });

  it.each([
    ['4.6x', 'Type seconds, e.g. 4.62'],
    ['4.6251', 'At most three decimals'],
    ['0', 'Must be more than 0'],
    ['1:75', 'Seconds after “:” must be below 60'],
    ['3601', 'At most one hour'],
  ])('refuses %j', (text, error) => {
    expect(parseSeconds(text)).toEqual({ error });
  });
});

describe('parseMark', () => {
  it('reads heights in inches, or centimetres when metric', () => {
    expect(parseMark('26.5', 'height', false)).toEqual({ value: 673 });
    expect(parseMark('26,5 in', 'height', false)).toEqual({ value: 673 });
    expect(parseMark('67.5', 'height', true)).toEqual({ value: 675 });
  });

  it('reads lengths as feet and inches, plain inches, or metres', () => {
    expect(parseMark(`8'4`, 'distance', false)).toEqual({ value: 2540 });
    expect(parseMark(`8' 4.5"`, 'distance', false)).toEqual({ value: 2553 });
    expect(parseMark('8-4', 'distance', false)).toEqual({ value: 2540 });
    expect(parseMark('100', 'distance', false)).toEqual({ value: 2540 });
    expect(parseMark('2.55', 'distance', true)).toEqual({ value: 2550 });
  });

  it('refuses what is not a mark', () => {
    expect(parseMark('tall', 'height', false)).toEqual({ error: 'Type inches, e.g. 26.5' });
    expect(parseMark(`8'4`, 'distance', true)).toEqual({ error: 'Type metres, e.g. 2.55' });
  });
});

describe('the columns of a session', () => {
  it('offers the standard distances and reads the typed one', () => {
    expect(standardDistances(sprint)).toEqual([9144, 18288, 36576]);
    expect(runDistanceOf(sprint, '40', false)).toBe(36576);
    expect(runDistanceOf(sprint, '20', true)).toBe(20000);
    expect(runDistanceOf(sprint, '', false)).toBeNull();
    expect(runDistanceOf(sprint, '-3', false)).toBeNull();
    expect(runDistanceOf(proAgility, '', false)).toBe(18288);
    expect(runDistanceOf(lDrill, '', false)).toBe(0);
  });

  it('has the splits shorter than the run, then the total', () => {
    expect(entryColumns(sprint, 36576, false).map((column) => column.label)).toEqual([
      '10 yd',
      '20 yd',
      'Total 40 yd',
    ]);
    expect(entryColumns(sprint, 18288, false).map((column) => column.key)).toEqual([
      'split:9144',
      'total',
    ]);
    expect(entryColumns(lDrill, 0, false).map((column) => column.label)).toEqual(['Time']);
    expect(entryColumns(verticalJump, 0, false).map((column) => column.key)).toEqual(['mark']);
  });
});

describe('checkRow', () => {
  const context = {
    eventType: sprint,
    columns: entryColumns(sprint, 36576, false),
    isMetric: false,
  };

  it('reads a full sprint', () => {
    expect(
      checkRow({ 'split:9144': '1.70', 'split:18288': '2.79', total: '4,81' }, context),
    ).toEqual({
      empty: false,
      errors: {},
      values: { 'split:9144': 1700, 'split:18288': 2790, total: 4810 },
    });
  });

  it('skips an empty row', () => {
    expect(checkRow({ total: ' ' }, context)).toEqual({ empty: true, errors: {}, values: {} });
  });

  it('wants splits to grow and stay below the total', () => {
    expect(
      checkRow({ 'split:9144': '1.70', 'split:18288': '1.65', total: '4.81' }, context).errors,
    ).toEqual({ 'split:18288': 'Must be more than the 10 yd split (1.70 s)' });
    expect(checkRow({ 'split:18288': '4.90', total: '4.81' }, context).errors).toEqual({
      'split:18288': 'Must be less than the total (4.81 s)',
    });
  });

  it('wants a total with splits', () => {
    expect(checkRow({ 'split:9144': '1.70' }, context).errors).toEqual({
      total: 'Type the total time too',
    });
  });

  it('flags what no one can run, and a time typed without its point', () => {
    expect(checkRow({ total: '2.10' }, context).errors.total).toMatch(
      /^Faster than humanly possible/,
    );
    expect(checkRow({ 'split:9144': '0.60', total: '4.60' }, context).errors).toEqual({
      'split:9144': expect.stringMatching(/^Faster than humanly possible \(15\.2 m\/s\)/),
    });
    expect(checkRow({ total: '462' }, context).errors).toEqual({
      total: 'Slower than a walk: type seconds, e.g. 4.62',
    });
  });

  it('checks jumps against human limits', () => {
    const jump = {
      eventType: verticalJump,
      columns: entryColumns(verticalJump, 0, false),
      isMetric: false,
    };
    expect(checkRow({ mark: '26.5' }, jump)).toEqual({
      empty: false,
      errors: {},
      values: { mark: 673 },
    });
    expect(checkRow({ mark: '62' }, jump).errors.mark).toMatch(/^Beyond any human jump/);
    const broad = {
      eventType: broadJump,
      columns: entryColumns(broadJump, 0, false),
      isMetric: false,
    };
    expect(checkRow({ mark: '8.5' }, broad).errors.mark).toMatch(/^Too short for a jump/);
  });
});

const setup: SessionSetup = {
  eventTypeId: 1,
  eventAliasId: null,
  distance: '40',
  isMetric: false,
  recordedAt: '2026-11-22T15:00:00.000Z',
  laneId: 2,
  timingMethod: 'hand',
  rosterId: 1,
  program: 'manualentry',
};

describe('buildBatch', () => {
  const columns = entryColumns(sprint, 36576, false);
  const row = (key: string, athleteId: number, texts: Record<string, string>) => ({
    key,
    athleteId,
    clientId: `client-${key}`,
    check: checkRow(texts, { eventType: sprint, columns, isMetric: false }),
  });

  it('sends each typed row once under its client id, and skips the rest', () => {
    const batch = buildBatch({
      setup,
      eventType: sprint,
      runDistanceMm: 36576,
      columns,
      rows: [
        row('7#1', 7, { 'split:18288': '2.79', total: '4.81' }),
        row('8#1', 8, {}),
        row('9#1', 9, { total: '5.02' }),
      ],
    });
    expect(batch?.body.items).toEqual([
      {
        clientId: 'client-7#1',
        athleteId: 7,
        eventTypeId: 1,
        laneId: 2,
        recordedAt: '2026-11-22T15:00:00.000Z',
        distanceMm: 36576,
        timeMs: 4810,
        splits: [{ distanceMm: 18288, timeMs: 2790 }],
        program: 'manualentry',
        source: 'manual',
        timingMethod: 'hand',
      },
      expect.objectContaining({ clientId: 'client-9#1', athleteId: 9, timeMs: 5020 }),
    ]);
    expect(batch?.body.items[1]).not.toHaveProperty('splits');
    expect(batch?.sent).toEqual([
      { key: '7#1', splitKeys: ['split:18288'] },
      { key: '9#1', splitKeys: [] },
    ]);
  });

  it.each(['eapi', 'gamespeed'] as const)(
    'sends every row under the program chosen in the setup (%s)',
    (program) => {
      const batch = buildBatch({
        setup: { ...setup, program },
        eventType: sprint,
        runDistanceMm: 36576,
        columns,
        rows: [row('7#1', 7, { total: '4.81' }), row('9#1', 9, { total: '5.02' })],
      });
      expect(batch?.body.items.map((item) => item.program)).toEqual([program, program]);
    },
  );

  it('sends marks for jumps, and nothing when no row is ready', () => {
    const jumpColumns = entryColumns(verticalJump, 0, false);
    const jump = buildBatch({
      setup: { ...setup, laneId: null, eventAliasId: 4 },
      eventType: verticalJump,
      runDistanceMm: 0,
      columns: jumpColumns,
      rows: [
        {
          key: '7#1',
          athleteId: 7,
          clientId: 'c',
          check: checkRow(
            { mark: '26.5' },
            { eventType: verticalJump, columns: jumpColumns, isMetric: false },
          ),
        },
      ],
    });
    expect(jump?.body.items[0]).toEqual(
      expect.objectContaining({ markMm: 673, eventAliasId: 4, eventTypeId: 5 }),
    );
    expect(jump?.body.items[0]).not.toHaveProperty('distanceMm');
    expect(jump?.body.items[0]).not.toHaveProperty('laneId');
    expect(
      buildBatch({
        setup,
        eventType: sprint,
        runDistanceMm: 36576,
        columns,
        rows: [row('7#1', 7, {})],
      }),
    ).toBeNull();
  });
});

describe('gridErrorsOf', () => {
  const sent = [
    { key: '7#1', splitKeys: ['split:9144', 'split:18288'] },
    { key: '9#1', splitKeys: [] },
  ];

  it('puts each message at its row and cell', () => {
    expect(
      gridErrorsOf(
        {
          'items.0.splits.1.timeMs': ['must be more than the split before (1700)'],
          'items.1.timeMs': ['must be at most 3600000'],
          'items.1.athleteId': ['is not one of your athletes'],
          'items.0.recordedAt': ['is more than a day ahead'],
          'items.1.recordedAt': ['is more than a day ahead'],
          items: ['and 3 more rows'],
        },
        sent,
      ),
    ).toEqual({
      cells: {
        '7#1': { 'split:18288': 'must be more than the split before (1700)' },
        '9#1': { total: 'must be at most 3600000' },
      },
      rows: { '9#1': ['athleteId: is not one of your athletes'] },
      session: ['Date: is more than a day ahead', 'and 3 more rows'],
    });
  });
});

describe('moveTarget', () => {
  const size = { rows: 3, columns: 2 };
  it('goes down with Enter and up with Shift+Enter, wrapping to the next column', () => {
    expect(moveTarget({ row: 0, column: 0 }, 'Enter', false, size)).toEqual({ row: 1, column: 0 });
    expect(moveTarget({ row: 2, column: 0 }, 'Enter', false, size)).toEqual({ row: 0, column: 1 });
    expect(moveTarget({ row: 2, column: 1 }, 'Enter', false, size)).toBe('save');
    expect(moveTarget({ row: 1, column: 1 }, 'Enter', true, size)).toEqual({ row: 0, column: 1 });
    expect(moveTarget({ row: 0, column: 1 }, 'Enter', true, size)).toEqual({ row: 2, column: 0 });
    expect(moveTarget({ row: 0, column: 0 }, 'Enter', true, size)).toBeNull();
  });

  it('stops the arrows at the edges', () => {
    expect(moveTarget({ row: 1, column: 0 }, 'ArrowDown', false, size)).toEqual({
      row: 2,
      column: 0,
    });
    expect(moveTarget({ row: 2, column: 0 }, 'ArrowDown', false, size)).toBeNull();
    expect(moveTarget({ row: 0, column: 1 }, 'ArrowUp', false, size)).toBeNull();
  });
});

describe('rows and client ids', () => {
  it('lists each athlete with their extra attempts', () => {
    const rows = entryRows(
      [
        { id: 7, firstName: 'Ada', lastName: 'Okafor' },
        { id: 9, firstName: 'Bo', lastName: 'Nguyen' },
      ],
      { 7: 1 },
    );
    expect(rows.map(({ key, name, attempt }) => [key, name, attempt])).toEqual([
      ['7#1', 'Ada Okafor', 1],
      ['7#2', 'Ada Okafor', 2],
      ['9#1', 'Bo Nguyen', 1],
    ]);
  });

  it('makes UUIDs', () => {
    expect(newClientId()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(newClientId()).not.toBe(newClientId());
  });
});
