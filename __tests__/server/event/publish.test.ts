import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { addAthletes, coach, sprint } from './fixtures';

/** Every write of results tells the account's live screens (server/live), after the commit. */
describe('results writes publish to the live feed', () => {
  let app: App;
  let headers: Record<string, string>;
  let account: string;
  let athletes: number[];
  const heard: unknown[] = [];
  let unsubscribe: () => void;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    ({ headers, id: account } = await coach(app, 'live-writes@example.com'));
    athletes = await addAthletes(app, account, 2);
    unsubscribe = app.live.subscribe(account, (message) => heard.push(message));
  });
  afterAll(async () => {
    unsubscribe();
    await app.close();
  });

  const heardIds = () => JSON.stringify(heard);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('publishes a new result, not a repeated one, and corrections and deletions', async () => {
    const input = sprint('live-1', athletes[0]!, {});
    const created = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers,
      payload: input,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    await settle();
    expect(heard).toHaveLength(1);
    expect(heardIds()).toContain(String(id));

    const again = await app.inject({ method: 'POST', url: '/api/event', headers, payload: input });
    expect(again.statusCode).toBe(200);
    await settle();
    expect(heard).toHaveLength(1);

    const { clientId: _clientId, ...fields } = input;
    const corrected = await app.inject({
      method: 'PUT',
      url: `/api/event/${id}`,
      headers,
      payload: { ...fields, laneId: 4 },
    });
    expect(corrected.statusCode).toBe(200);
    await settle();
    expect(heard).toHaveLength(2);
    // Each result with its athlete (a correction: before and after), which narrows the
    // stream of a roster-limited member.
    expect(heard[0]).toMatchObject({ results: [{ id, athleteId: athletes[0] }] });
    expect(heard[1]).toMatchObject({
      results: [
        { id, athleteId: athletes[0] },
        { id, athleteId: athletes[0] },
      ],
    });

    const deleted = await app.inject({ method: 'DELETE', url: `/api/event/${id}`, headers });
    expect(deleted.statusCode).toBe(204);
    await settle();
    expect(heard).toHaveLength(3);
  });
});
