import { hashPassword, needsRehash, verifyPassword } from '../../../server/identity/password';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('Zoë runs 4.4');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    await expect(verifyPassword('Zoë runs 4.4', stored)).resolves.toBe(true);
    await expect(verifyPassword('Zoe runs 4.4', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
  });

  it('treats the same text in another Unicode form as the same password', async () => {
    const stored = await hashPassword('Jos\u00e9');
    await expect(verifyPassword('Jose\u0301', stored)).resolves.toBe(true);
  });

  it('rejects malformed or foreign hashes without throwing', async () => {
    for (const stored of [
      '',
      'scrypt$x',
      'bcrypt$1$2$3$AAAA$AAAA',
      'scrypt$1000$8$1$AAAA$AAAA',
      'scrypt$16384$8$1$$',
    ]) {
      await expect(verifyPassword('pw', stored)).resolves.toBe(false);
    }
  });

  it('asks for a rehash only when the parameters changed', async () => {
    expect(needsRehash(await hashPassword('pw'))).toBe(false);
    expect(
      needsRehash(
        'scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      ),
    ).toBe(true);
  });
});
