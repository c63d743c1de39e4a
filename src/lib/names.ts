/** The parts of a person's name as the API sends them (middle name empty or null when none). */
export interface PersonName {
  firstName: string;
  middleName?: string | null;
  lastName: string;
}

/** "Ada J. Okafor": the name as a coach reads it. */
export function fullName({ firstName, middleName, lastName }: PersonName): string {
  return [firstName, middleName, lastName].filter(Boolean).join(' ');
}
