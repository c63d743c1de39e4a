import { describeChanges } from '../../../../src/features/activity/activityFormat';

describe('describeChanges of a member event', () => {
  it('names the roster limit by its rosters, and none as every roster', () => {
    expect(
      describeChanges({ before: null, after: { role: 'coach', rosters: ['Varsity', 'JV'] } }),
    ).toEqual([
      { field: 'role', label: 'Role', before: null, after: 'coach' },
      { field: 'rosters', label: 'Rosters', before: null, after: 'Varsity, JV' },
    ]);
    expect(describeChanges({ before: null, after: { role: 'viewer', rosters: null } })[1]).toEqual({
      field: 'rosters',
      label: 'Rosters',
      before: null,
      after: 'All rosters',
    });
  });
});
