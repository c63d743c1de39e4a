import type { SeedAthlete } from './athletes';

export interface SeedRoster {
  name: string;
  /** Indexes into the athletes array. */
  members: number[];
}

const footballGroups: readonly (readonly [name: string, positions: readonly string[]])[] = [
  ['Football – Skill (RB/WR/DB)', ['RB', 'WR', 'DB']],
  ['Football – Linemen', ['OL', 'DL']],
];

/**
 * Groups athletes the way a program does: a team per sport and sex (the biggest first;
 * what does not fit goes to "Other sports"), football position groups, and class years
 * when there is room. Every athlete is on 1 to 3 rosters.
 * @example planRosters(athletes, 6) // Football, Girls Soccer, ..., Other sports, 2 groups
 */
export function planRosters(athletes: readonly SeedAthlete[], maxRosters: number): SeedRoster[] {
  const teams = groupBy(athletes, teamName);
  const hasFootball = teams.has('Football');
  const classYears = maxRosters >= 12 ? 4 : 0;
  const groupCount = hasFootball ? footballGroups.length : 0;
  const teamSlots = Math.max(1, maxRosters - classYears - groupCount - 1);
  const bySize = [...teams.entries()].sort(
    (a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]),
  );
  const rosters: SeedRoster[] = bySize
    .slice(0, teamSlots)
    .map(([name, members]) => ({ name, members }));
  const rest = bySize.slice(teamSlots).flatMap(([, members]) => members);
  if (rest.length > 0) rosters.push({ name: 'Other sports', members: rest.sort((a, b) => a - b) });
  if (hasFootball) {
    for (const [name, positions] of footballGroups) {
      const members = indexesWhere(
        athletes,
        (a) => a.sport === 'Football' && positions.includes(a.position),
      );
      if (members.length > 0) rosters.push({ name, members });
    }
  }
  const years = [...new Set(athletes.map((a) => a.graduationYear))].sort().slice(0, classYears);
  for (const year of years) {
    rosters.push({
      name: `Class of ${year}`,
      members: indexesWhere(athletes, (a) => a.graduationYear === year),
    });
  }
  return rosters;
}

function teamName(athlete: SeedAthlete): string {
  if (athlete.sport === 'Football' || athlete.sport === 'Softball' || athlete.sport === 'Baseball')
    return athlete.sport;
  return `${athlete.population.endsWith('female') ? 'Girls' : 'Boys'} ${athlete.sport}`;
}

function groupBy(
  athletes: readonly SeedAthlete[],
  key: (athlete: SeedAthlete) => string,
): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  athletes.forEach((athlete, index) => {
    const name = key(athlete);
    const members = groups.get(name) ?? [];
    members.push(index);
    groups.set(name, members);
  });
  return groups;
}

function indexesWhere(
  athletes: readonly SeedAthlete[],
  test: (athlete: SeedAthlete) => boolean,
): number[] {
  return athletes.flatMap((athlete, index) => (test(athlete) ? [index] : []));
}
