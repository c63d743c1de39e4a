import {
  checkPassword,
  isPlausibleEmail,
  PASSWORD_RULE,
} from '../../../server/identity/password-policy';

describe('password policy', () => {
  it('accepts a long, uncommon password', () => {
    expect(checkPassword('Sprint-40yd-4.41s', 'coach@example.com')).toEqual([]);
  });

  it('says each rule that a password breaks', () => {
    expect(checkPassword('short', 'coach@example.com')).toEqual(['Use at least 10 characters.']);
    expect(checkPassword('coach@example.com', 'Coach@Example.com')).toEqual([
      'Do not use your e-mail address as your password.',
    ]);
    expect(checkPassword('Password123', 'coach@example.com')).toEqual([
      'This password is too common. Choose one that is harder to guess.',
    ]);
    expect(checkPassword('zzzzzzzzzzzz', 'coach@example.com')).toHaveLength(1);
  });

  it('counts characters, not bytes', () => {
    expect(checkPassword('ÅÄÖåäöÅÄÖå', 'x@example.com')).toEqual([]);
  });

  it('states the rule in words', () => {
    expect(PASSWORD_RULE).toMatch(/at least 10 characters/);
  });

  it('checks that an address looks like one', () => {
    expect(isPlausibleEmail('coach@example.com')).toBe(true);
    expect(isPlausibleEmail('coach@localhost')).toBe(false);
    expect(isPlausibleEmail('not an address')).toBe(false);
  });
});
