import type { App } from '../../../server/app';
import { findCredentialById } from '../../../server/identity/credentials';
import { verifyPassword } from '../../../server/identity/password';
import { buildTestApp } from '../helpers/build-test-app';
import { readOutbox } from '../identity/outbox';
import { TOO_MANY_PASSWORD_GUESSES } from '../../../server/user/routes';
import { signUp } from './accounts';

describe('account actions through the API', () => {
  let app: App;
  beforeAll(async () => {
    // Parallel guesses queue behind two password checks at a time: on a busy machine the
    // default half-second wait for a turn answers some of them 503, which is admission's
    // test (admission.test.ts), not this one's.
    app = await buildTestApp({ admission: { maxWaitMs: 30_000 } });
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the verification e-mail again, once a minute per account', async () => {
    const coach = await signUp(app, 'verify@example.com');
    const send = () =>
      app.inject({ method: 'POST', url: '/api/user/verification-email', headers: coach.headers });
    const before = (await readOutbox(app.config.dataDir)).length;
    expect((await send()).statusCode).toBe(204);
    expect(await readOutbox(app.config.dataDir)).toHaveLength(before + 1);

    const again = await send();
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: expect.stringContaining('try again') });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await readOutbox(app.config.dataDir)).toHaveLength(before + 1);

    // Another account has its own minute.
    const other = await signUp(app, 'verify-2@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/verification-email',
      headers: other.headers,
    });
    expect(response.statusCode).toBe(204);
  });

  it('says so when the address is verified already', async () => {
    const coach = await signUp(app, 'verified@example.com');
    await app.db
      .updateTable('identity_credentials')
      .set({ email_verified: true })
      .where('id', '=', coach.sub)
      .execute();
    expect((await app.inject({ url: '/api/user', headers: coach.headers })).json()).toMatchObject({
      emailVerified: true,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/verification-email',
      headers: coach.headers,
    });
    expect(response.statusCode).toBe(409);
  });

  it('changes the password only with the current one', async () => {
    const coach = await signUp(app, 'password@example.com');
    const change = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/user/password', headers: coach.headers, payload });

    const wrong = await change({ currentPassword: 'not-it', newPassword: 'Flying-10-0.95s' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { currentPassword: [expect.any(String)] } });

    const weak = await change({ currentPassword: coach.password, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().errors)).toEqual(['newPassword']);

    const missing = await change({ currentPassword: coach.password });
    expect(missing.json()).toEqual({ errors: { newPassword: ['is required'] } });

    const right = await change({ currentPassword: coach.password, newPassword: 'Flying-10-0.95s' });
    expect(right.statusCode).toBe(204);
    const credential = await findCredentialById(app.db, coach.sub);
    await expect(verifyPassword('Flying-10-0.95s', credential!.password_hash)).resolves.toBe(true);
    await expect(verifyPassword(coach.password, credential!.password_hash)).resolves.toBe(false);
  });

  it('stops guessing at the current password after five wrong ones', async () => {
    const coach = await signUp(app, 'guesser@example.com');
    const change = (currentPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/password',
        headers: coach.headers,
        payload: { currentPassword, newPassword: 'Pro-Agility-4.1s' },
      });
    for (let guess = 1; guess <= 5; guess += 1) {
      expect((await change(`guess-${guess}`)).statusCode).toBe(400);
    }
    const blocked = await change('guess-6');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY_PASSWORD_GUESSES });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Even the right password waits out the window, so the block is not an oracle.
    expect((await change(coach.password)).statusCode).toBe(429);
    const credential = await findCredentialById(app.db, coach.sub);
    await expect(verifyPassword(coach.password, credential!.password_hash)).resolves.toBe(true);

    // Another account is not held up.
    const other = await signUp(app, 'not-guessing@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: other.headers,
      payload: { currentPassword: other.password, newPassword: 'Pro-Agility-4.1s' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('counts parallel guesses before checking them: 20 at once get 5 checks', async () => {
    const coach = await signUp(app, 'parallel-guesser@example.com');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, guess) =>
        app.inject({
          method: 'POST',
          url: '/api/user/password',
          headers: coach.headers,
          payload: { currentPassword: `guess-${guess}`, newPassword: 'Pro-Agility-4.1s' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('forgets earlier wrong guesses after a right one', async () => {
    const coach = await signUp(app, 'forgetful@example.com');
    const change = (currentPassword: string, newPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/password',
        headers: coach.headers,
        payload: { currentPassword, newPassword },
      });
    for (let guess = 1; guess <= 4; guess += 1) await change(`guess-${guess}`, 'Pro-Agility-4.1s');
    expect((await change(coach.password, 'Pro-Agility-4.1s')).statusCode).toBe(204);
    for (let guess = 1; guess <= 4; guess += 1) {
      expect((await change(`again-${guess}`, 'Flying-10-0.95s')).statusCode).toBe(400);
    }
    expect((await change('Pro-Agility-4.1s', 'Flying-10-0.95s')).statusCode).toBe(204);
  });
});
