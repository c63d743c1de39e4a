import { midRankPercentile } from '../../../server/report/athlete-report';
import { standing } from '../../../server/report/pdf/athlete';

describe('the mid-rank percentile of a report', () => {
  it('reads as a coach expects: the best of 3 high, the only one in the middle', () => {
    expect(midRankPercentile({ athletes: 3, lower: 2, higher: 0 })).toBe(83);
    expect(midRankPercentile({ athletes: 3, lower: 0, higher: 2 })).toBe(17);
    expect(midRankPercentile({ athletes: 1, lower: 0, higher: 0 })).toBe(50);
    expect(midRankPercentile({ athletes: 100, lower: 99, higher: 0 })).toBe(100);
    expect(midRankPercentile({ athletes: 200, lower: 0, higher: 199 })).toBe(0);
  });

  it('gives equal indexes the same percentile, the middle of their places', () => {
    // 4 athletes, two tied in the middle: each is above 1 and level with 1.
    expect(midRankPercentile({ athletes: 4, lower: 1, higher: 1 })).toBe(50);
    // Everybody equal: the middle.
    expect(midRankPercentile({ athletes: 5, lower: 0, higher: 0 })).toBe(50);
  });
});

describe("the PDF's line for a group", () => {
  const entry = {
    group: 'roster' as const,
    name: 'Varsity',
    rank: 2,
    percentile: 94,
    athletes: 24,
  };
  it('gives the rank, and the percentile from 10 athletes on', () => {
    expect(standing(entry, 'EAPI')).toBe('Rank 2 of 24 in the roster Varsity · 94th percentile');
    expect(standing({ ...entry, athletes: 3, percentile: 50 }, 'EAPI')).toBe(
      'Rank 2 of 3 in the roster Varsity',
    );
    expect(
      standing({ ...entry, group: 'position', rank: 1, athletes: 1, percentile: 50 }, 'EASI'),
    ).toBe('Rank 1 of 1 in the position Varsity: the only athlete with an EASI');
  });
});
