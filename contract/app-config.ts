import { Type, type Static } from 'typebox';

/**
 * `GET /config.json`: the app's runtime configuration, so that one build of the app
 * serves every deployment. `auth` is what `@auth0/auth0-spa-js` needs: the embedded
 * identity provider's origin (or an Auth0 tenant), the app's client id and the API
 * audience. `telemetry` is there only when the deployment turned usage telemetry on.
 */
export const AppConfigBody = Type.Object(
  {
    apiBase: Type.String({ description: 'Prefix of every API call, e.g. /api.' }),
    auth: Type.Object({
      domain: Type.String({ description: 'Identity provider origin, no trailing slash.' }),
      clientId: Type.String(),
      audience: Type.String(),
    }),
    telemetry: Type.Optional(
      Type.Object(
        {
          posthogKey: Type.String({ description: "PostHog project's public API key." }),
          posthogHost: Type.String({ description: 'Where the events go (api_host).' }),
        },
        {
          description:
            'Present only when the server has POSTHOG_KEY and POSTHOG_HOST: usage telemetry is on (docs/telemetry.md).',
        },
      ),
    ),
  },
  { title: 'AppConfig' },
);
export type AppConfigBody = Static<typeof AppConfigBody>;
