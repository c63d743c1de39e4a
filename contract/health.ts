import { Type, type Static } from 'typebox';

/** `GET /api/health`: 200 when the server and its database answer, 503 otherwise. */
export const HealthBody = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
    database: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
    version: Type.String({ description: 'The server version (package.json).' }),
  },
  { title: 'Health' },
);
export type HealthBody = Static<typeof HealthBody>;
