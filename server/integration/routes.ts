import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../contract/common';
import { actorOf } from '../activity';
import { MessageBody } from '../../contract/errors';
import {
  ApiKeyInput,
  ApiKeyListBody,
  MAX_ACTIVE_API_KEYS,
  NewApiKeyBody,
} from '../../contract/integration';
import { badRequest, conflict, notFound } from '../plugins/http-errors';
import { createApiKey, listApiKeys, revokeApiKey, toApiKeyBody } from './api-keys';
import { common as commonErrors, done, security } from '../plugins/route-schema';

const common = { ...commonErrors, 403: MessageBody };

/** API keys of the signed-in account, for timing devices and apps (not usable with a key). */
const integrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['integration'];

  app.get(
    '/integration/api-key',
    {
      schema: {
        summary: "The account's API keys, newest first (never the keys themselves)",
        tags,
        security,
        response: { 200: ApiKeyListBody, ...common },
      },
    },
    async (request) => {
      const items = (await listApiKeys(app.db, request.account.id)).map(toApiKeyBody);
      return { items, totalCount: items.length, pageNumber: 1, pageSize: items.length };
    },
  );

  app.post(
    '/integration/api-key',
    {
      schema: {
        summary: 'Make an API key; the answer is the only time the key is shown',
        tags,
        security,
        body: ApiKeyInput,
        response: { 201: NewApiKeyBody, 409: MessageBody, ...common },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (!name) throw badRequest({ name: ['must not be empty'] });
      const made = await createApiKey(
        app.db,
        request.account.id,
        name,
        MAX_ACTIVE_API_KEYS,
        actorOf(request.account),
        request.body.access,
      );
      if (!made) {
        throw conflict(
          `An account may have ${MAX_ACTIVE_API_KEYS} API keys in use; revoke one first.`,
        );
      }
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ ...toApiKeyBody(made.row), key: made.key });
    },
  );

  app.delete(
    '/integration/api-key/:id',
    {
      schema: {
        summary: 'Revoke an API key (calls with it answer 401 from now on)',
        tags,
        security,
        params: IdParams,
        response: { 204: done, 404: MessageBody, ...common },
      },
    },
    async (request, reply) => {
      const { account } = request;
      if (!(await revokeApiKey(app.db, account.id, request.params.id, actorOf(account))))
        throw notFound();
      return reply.code(204).send(null);
    },
  );
};

export default integrationRoutes;
