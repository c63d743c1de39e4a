import { Type, type Static } from 'typebox';

/**
 * `GET /config.json`: the app's runtime configuration, so that one build of the app
 * serves every deployment. `auth` is what `@auth0/auth0-spa-js` needs: the embedded
 * identity provider's origin (or an Auth0 tenant), the app's client id and the API
 * audience.
 */
export const AppConfigBody = Type.Object(
  {
    apiBase: Type.String({ description: 'Prefix of every API call, e.g. /api.' }),
    auth: Type.Object({
      domain: Type.String({ description: 'Identity provider origin, no trailing slash.' }),
      clientId: Type.String(),
      audience: Type.String(),
    }),
  },
  { title: 'AppConfig' },
);
export type AppConfigBody = Static<typeof AppConfigBody>;
