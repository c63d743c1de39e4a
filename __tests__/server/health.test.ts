import type { App } from '../../server/app';
import { version } from '../../server/paths';
import { buildTestApp } from './helpers/build-test-app';

describe('GET /api/health', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers 200 with the version when the database answers', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', version });
  });

  it('has run the migrations', async () => {
    const sports = await app.db.selectFrom('sports').select('id').execute();
    expect(sports.length).toBeGreaterThan(0);
  });

  it('answers 503 when the database is gone', async () => {
    const broken = await buildTestApp();
    try {
      await broken.ready();
      await broken.db.destroy();
      const response = await broken.inject('/api/health');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'error', version });
    } finally {
      await broken.close();
    }
  });
});
