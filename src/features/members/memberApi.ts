import type {
  InvitationBody,
  InvitationInput,
  InvitationListBody,
  MemberBody,
  MemberListBody,
  MemberUpdateInput,
} from '../../../contract/workspace';
import { baseApi } from '../../lib/api';

export type Member = MemberBody;
export type Invitation = InvitationBody;

/**
 * The workspace's members and invitations (`/api/member`, contract/workspace.ts), the
 * owner's. A change of a member's role may be the caller's own (demoting themself,
 * handing the workspace over): it refetches the user too, whose `role` gates the menu.
 *
 * @example
 * const { data: members } = useListMembersQuery();
 * await updateMember({ userId, role: 'coach', rosterIds: [3] }).unwrap();
 */
export const memberApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listMembers: build.query<MemberBody[], void>({
      query: () => '/member',
      transformResponse: (answer: MemberListBody) => answer.items,
      providesTags: ['Member'],
    }),
    updateMember: build.mutation<MemberBody, MemberUpdateInput & { userId: string }>({
      // Always with `rosterIds`: the server reads a missing limit as "every roster".
      query: ({ userId, role, rosterIds = null }) => ({
        url: `/member/${userId}`,
        method: 'PUT',
        body: { role, rosterIds },
      }),
      invalidatesTags: ['Member', 'User'],
    }),
    removeMember: build.mutation<void, string>({
      query: (userId) => ({ url: `/member/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['Member'],
    }),
    handOverOwnership: build.mutation<MemberBody, string>({
      query: (userId) => ({ url: `/member/${userId}/ownership`, method: 'POST' }),
      // The caller is a coach afterwards: the user (menu, this page) changes with it.
      invalidatesTags: ['Member', 'User'],
    }),
    listInvitations: build.query<InvitationBody[], void>({
      query: () => '/member/invitation',
      transformResponse: (answer: InvitationListBody) => answer.items,
      providesTags: ['Invitation'],
    }),
    createInvitation: build.mutation<InvitationBody, InvitationInput>({
      query: (body) => ({ url: '/member/invitation', method: 'POST', body }),
      invalidatesTags: ['Invitation'],
    }),
    withdrawInvitation: build.mutation<void, number>({
      query: (id) => ({ url: `/member/invitation/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Invitation'],
    }),
  }),
});

export const {
  useListMembersQuery,
  useUpdateMemberMutation,
  useRemoveMemberMutation,
  useHandOverOwnershipMutation,
  useListInvitationsQuery,
  useCreateInvitationMutation,
  useWithdrawInvitationMutation,
} = memberApi;
