import type {
  DeliveryBody,
  DeliveryListBody,
  DeliveryListQuery,
  NewWebhookBody,
  RecoverBody,
  RecoverInput,
  ResumedWebhookBody,
  WebhookBody,
  WebhookInput,
  WebhookListBody,
} from '../../../contract/webhook';
import { baseApi } from '../../lib/api';

export type Webhook = WebhookBody;
export type NewWebhook = NewWebhookBody;
export type Delivery = DeliveryBody;
export type DeliveryPage = DeliveryListBody;
export type ResumedWebhook = ResumedWebhookBody;
export type Recovery = RecoverBody;
export type { WebhookInput };

/** One page of a subscription's delivery log. */
export interface DeliveryPageArgs extends DeliveryListQuery {
  webhookId: number;
}

/**
 * The log of one subscription: what a test, a resume or a recovery (each queues
 * deliveries) refreshes.
 */
const logOf = (webhookId: number) => ({ type: 'WebhookDelivery' as const, id: webhookId });

/**
 * Webhook subscriptions and their delivery logs (contract/webhook.ts). Every write
 * refetches the list (`Webhook`): status, last delivery and failures are the server's to
 * say, so the page copies nothing into its own state. The secret is only in the answer of
 * `createWebhook`: the page shows it once and keeps it nowhere.
 */
export const webhookApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listWebhooks: build.query<WebhookBody[], void>({
      query: () => '/integration/webhook',
      transformResponse: (answer: WebhookListBody) => answer.items,
      providesTags: ['Webhook'],
    }),
    createWebhook: build.mutation<NewWebhookBody, WebhookInput>({
      query: (body) => ({ url: '/integration/webhook', method: 'POST', body }),
      invalidatesTags: ['Webhook'],
    }),
    updateWebhook: build.mutation<WebhookBody, { id: number; input: WebhookInput }>({
      query: ({ id, input }) => ({ url: `/integration/webhook/${id}`, method: 'PUT', body: input }),
      invalidatesTags: ['Webhook'],
    }),
    deleteWebhook: build.mutation<void, number>({
      query: (id) => ({ url: `/integration/webhook/${id}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => ['Webhook', logOf(id)],
    }),
    pauseWebhook: build.mutation<WebhookBody, number>({
      query: (id) => ({ url: `/integration/webhook/${id}/pause`, method: 'POST' }),
      invalidatesTags: ['Webhook'],
    }),
    /** Active again; a disabled one also recovers what it missed (`recovered` since `recoveredSince`). */
    resumeWebhook: build.mutation<ResumedWebhookBody, number>({
      query: (id) => ({ url: `/integration/webhook/${id}/resume`, method: 'POST' }),
      invalidatesTags: (_answer, _error, id) => ['Webhook', logOf(id)],
    }),
    /**
     * Queues again the events since `since` that this subscription has not received (202
     * with how many). Only its log changes: the list's status and last delivery do not.
     */
    recoverWebhook: build.mutation<RecoverBody, { id: number } & RecoverInput>({
      query: ({ id, since }) => ({
        url: `/integration/webhook/${id}/recover`,
        method: 'POST',
        body: { since },
      }),
      invalidatesTags: (_answer, error, { id }) => (error ? [] : [logOf(id)]),
    }),
    /** Queues a `webhook.test` delivery to this subscription only (202 with the delivery). */
    sendTestEvent: build.mutation<DeliveryBody, number>({
      query: (id) => ({ url: `/integration/webhook/${id}/test`, method: 'POST' }),
      invalidatesTags: (_answer, _error, id) => ['Webhook', logOf(id)],
    }),
    listDeliveries: build.query<DeliveryListBody, DeliveryPageArgs>({
      query: ({ webhookId, pageNumber, pageSize }) => ({
        url: `/integration/webhook/${webhookId}/delivery`,
        params: { pageNumber, pageSize },
      }),
      providesTags: (_answer, _error, { webhookId }) => [logOf(webhookId)],
    }),
  }),
});

export const {
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  usePauseWebhookMutation,
  useResumeWebhookMutation,
  useRecoverWebhookMutation,
  useSendTestEventMutation,
  useListDeliveriesQuery,
} = webhookApi;
