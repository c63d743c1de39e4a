import { Type, type Static } from 'typebox';

/**
 * `GET /api/health`: 200 when the server and its database answer, 503 otherwise. While
 * DATA_DIR's disk runs low, `disk` and `message` say so (decision 039); while it is so
 * full that writes are refused, `status` is `degraded` (still 200: reads are served).
 */
export const HealthBody = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('error')]),
    database: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
    version: Type.String({ description: 'The server version (package.json).' }),
    disk: Type.Optional(
      Type.Union([Type.Literal('low'), Type.Literal('full')], {
        description: "Present when DATA_DIR's disk is low (a warning) or full (writes answer 503).",
      }),
    ),
    message: Type.Optional(
      Type.String({ description: 'Why the status is not plain ok, for a person to read.' }),
    ),
  },
  { title: 'Health' },
);
export type HealthBody = Static<typeof HealthBody>;
