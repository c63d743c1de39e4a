import type {
  ApiKeyBody,
  ApiKeyInput,
  ApiKeyListBody,
  NewApiKeyBody,
} from '../../../contract/integration';
import { baseApi } from '../../lib/api';

export type ApiKey = ApiKeyBody;
export type NewApiKey = NewApiKeyBody;

/**
 * API keys for timing devices and apps (contract/integration.ts). The key itself is only
 * in the answer of `createApiKey`: the page shows it once and keeps it nowhere.
 */
export const apiKeyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<ApiKeyBody[], void>({
      query: () => '/integration/api-key',
      transformResponse: (answer: ApiKeyListBody) => answer.items,
      providesTags: ['ApiKey'],
    }),
    createApiKey: build.mutation<NewApiKeyBody, ApiKeyInput>({
      query: (body) => ({ url: '/integration/api-key', method: 'POST', body }),
      invalidatesTags: ['ApiKey'],
    }),
    revokeApiKey: build.mutation<void, number>({
      query: (id) => ({ url: `/integration/api-key/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ApiKey'],
    }),
  }),
});

export const { useListApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeyApi;
