import { baseApi } from '../../lib/api';

/**
 * `POST /user/verification-email`: sends the verification mail again (204; 429 when
 * asked too often). Injected here rather than with the account's endpoints: this page is
 * its only user, and features do not import each other.
 *
 * @example
 * const [resend, { isSuccess }] = useResendVerificationMutation();
 * await resend().unwrap();
 */
export const verificationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    resendVerification: build.mutation<void, void>({
      query: () => ({ url: '/user/verification-email', method: 'POST' }),
    }),
  }),
});

export const { useResendVerificationMutation } = verificationApi;
