import type {
  OrderBody,
  OrderInput,
  OrderListBody,
  StoreBody,
  StorePackageBody,
} from '../../../contract/store';
import { baseApi } from '../../lib/api';

export type Order = OrderBody;
export type StoreSummary = StoreBody;
export type StorePackage = StorePackageBody;

/**
 * The Store (contract/store.ts). The summary also provides `User`: whatever changes the
 * top bar's spots (an athlete added, a purge) refreshes the Store's figure too. An order
 * invalidates `User` so that both show the same figure; a fulfilment happens on the
 * server (an operator, or Stripe's webhook), so the page watches pending orders and
 * invalidates `User` and `Store` when one changes (StorePage).
 */
export const storeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStore: build.query<StoreBody, void>({
      query: () => '/store',
      providesTags: ['Store', 'User'],
    }),
    listOrders: build.query<OrderBody[], void>({
      query: () => '/store/order',
      transformResponse: (answer: OrderListBody) => answer.items,
      providesTags: ['Order'],
    }),
    getOrder: build.query<OrderBody, number>({
      query: (id) => `/store/order/${id}`,
      providesTags: ['Order'],
    }),
    createOrder: build.mutation<OrderBody, OrderInput>({
      query: (body) => ({ url: '/store/order', method: 'POST', body }),
      invalidatesTags: ['Order', 'Store', 'User'],
    }),
  }),
});

export const { useGetStoreQuery, useListOrdersQuery, useGetOrderQuery, useCreateOrderMutation } =
  storeApi;
