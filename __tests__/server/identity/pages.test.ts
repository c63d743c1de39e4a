import { loginPage } from '../../../server/identity/pages/login';
import { SIGNUP_NOTICE } from '../../../server/identity/routes/interaction';

describe('the sign-in page', () => {
  it('welcomes a returning user back', () => {
    expect(loginPage({ uid: 'u1', csrf: 'c' })).toContain('Welcome back.');
  });

  it('does not greet a user who has just signed up as returning', () => {
    const html = loginPage({
      uid: 'u1',
      csrf: 'c',
      email: 'new@example.com',
      notice: SIGNUP_NOTICE,
    });
    expect(html).not.toContain('Welcome back');
    expect(html).toContain('Sign in to continue.');
    expect(html).toContain('role="status"');
  });
});
