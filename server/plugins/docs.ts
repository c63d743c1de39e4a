import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { version } from '../paths';

/**
 * The API reference: OpenAPI built from the routes' TypeBox schemas, with its UI at
 * /api/docs and the document at /api/docs/json. Registered before the routes so that
 * it sees them all (it collects them through the onRoute hook).
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Splitline API',
          version,
          description: 'The API of the Splitline coach dashboard.',
        },
        servers: [{ url: app.config.publicUrl }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'sl_live_...',
              description:
                'An API key (Integrations). Accepted only by POST /api/event and the reference reads.',
            },
          },
        },
      },
    });
    // The UI page has no inline script, so the app's content security policy fits it.
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs', dependencies: ['config'], fastify: '5.x' },
);
