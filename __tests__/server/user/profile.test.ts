import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { signUp } from './accounts';

describe('PUT /api/user', () => {
  let app: App;
  let headers: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    ({ headers } = await signUp(app, 'profile@example.com'));
  });
  afterAll(() => app.close());

  const put = (payload: object) =>
    app.inject({ method: 'PUT', url: '/api/user', headers, payload });

  it('refuses bad input with messages by field', async () => {
    const response = await put({
      firstName: '   ',
      lastName: 'x'.repeat(101),
      organisation: { name: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(errors).sort()).toEqual(['lastName', 'organisation']);
    const blank = await put({ firstName: '  ', lastName: ' ' });
    expect(blank.json()).toEqual({
      errors: { firstName: ['must not be empty'], lastName: ['must not be empty'] },
    });
    const missing = await put({ organisation: 'x'.repeat(201) });
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'firstName',
      'lastName',
      'organisation',
    ]);
    const profile = (await app.inject({ url: '/api/user', headers })).json();
    expect(profile).toMatchObject({ firstName: '', hasUpdatedProfile: false });
  });

  it('saves the trimmed profile, answers it and marks it updated', async () => {
    const response = await put({
      firstName: '  Mia ',
      lastName: 'Okafor',
      organisation: ' Westfield Track Club ',
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      firstName: 'Mia',
      lastName: 'Okafor',
      organisation: 'Westfield Track Club',
      hasUpdatedProfile: true,
      email: 'profile@example.com',
    };
    expect(response.json()).toMatchObject(expected);
    expect((await app.inject({ url: '/api/user', headers })).json()).toMatchObject(expected);
  });

  it('keeps the organisation when it is left out', async () => {
    await put({ firstName: 'Mia', lastName: 'Okafor-Lee' });
    expect((await app.inject({ url: '/api/user', headers })).json()).toMatchObject({
      lastName: 'Okafor-Lee',
      organisation: 'Westfield Track Club',
    });
  });
});
