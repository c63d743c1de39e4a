import { theme } from 'antd';
import { appTheme } from '../../../src/app/themeConfig';
import { ERRORS_ID } from '../../../server/identity/pages/html';
import { loginPage, signupPage } from '../../../server/identity/pages/login';
import { forgotPasswordPage, resetPasswordPage } from '../../../server/identity/pages/password';
import { identityTheme } from '../../../server/identity/pages/theme';
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

describe('the look of the identity pages', () => {
  /** An antd colour as drawn on white: `rgba(0,0,0,0.88)` → `#1f1f1f`. */
  function onWhite(colour: string): string {
    const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(colour);
    if (!rgba) return colour.startsWith('#') ? colour.toLowerCase() : colour;
    const alpha = Number(rgba[4]);
    const channel = (value: string) =>
      Math.round(Number(value) * alpha + 255 * (1 - alpha))
        .toString(16)
        .padStart(2, '0');
    return `#${channel(rgba[1]!)}${channel(rgba[2]!)}${channel(rgba[3]!)}`;
  }

  /** WCAG 2 contrast ratio of two #rrggbb colours. */
  function contrast(a: string, b: string): number {
    const luminance = (hex: string) => {
      const [r, g, bl] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
    };
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  }

  it("uses the app's antd theme tokens (src/app/themeConfig.ts)", () => {
    const tokens = theme.getDesignToken(appTheme) as unknown as Record<string, string | number>;
    for (const [name, value] of Object.entries(identityTheme)) {
      const token = tokens[name];
      expect({ name, value: typeof token === 'string' ? onWhite(token) : token }).toEqual({
        name,
        value,
      });
    }
  });

  it('keeps text readable: 4.5:1 or more on white, secondary text too', () => {
    for (const colour of [
      identityTheme.colorText,
      identityTheme.colorTextSecondary,
      identityTheme.colorLink,
    ])
      expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', identityTheme.colorPrimary)).toBeGreaterThanOrEqual(4.5);
  });

  it('labels every field and ties the error box to the fields of a refused form', () => {
    const pages = [
      loginPage({ uid: 'u1', csrf: 'c', errors: ['Wrong e-mail address or password.'] }),
      signupPage({ uid: 'u1', csrf: 'c', errors: ['Choose a longer password.'] }),
      forgotPasswordPage({ errors: ['Enter a valid e-mail address.'] }),
      resetPasswordPage({ ticket: 't', email: 'a@b.org', errors: ['Too short.'] }),
    ];
    for (const html of pages) {
      expect(html).toContain(`<div class="alert" id="${ERRORS_ID}" role="alert">`);
      const fields = [...html.matchAll(/<input id="(\w+)"[^>]*>/g)];
      expect(fields.length).toBeGreaterThan(0);
      for (const [field, id] of fields) {
        expect(html).toContain(`<label for="${id}">`);
        expect(field).toMatch(new RegExp(`aria-describedby="[^"]*\\b${ERRORS_ID}\\b`));
        expect(field).toContain('aria-invalid="true"');
      }
    }
    // Without errors, only the password rule describes its field.
    const fresh = signupPage({ uid: 'u1', csrf: 'c' });
    expect(fresh).not.toContain(ERRORS_ID);
    expect(fresh).toContain('aria-describedby="rule"');
    expect(fresh).not.toContain('aria-invalid="true"');
  });

  it('draws a visible focus ring and fits a phone (no fixed widths beyond the card)', () => {
    const html = loginPage({ uid: 'u1', csrf: 'c' });
    expect(html).toMatch(/button:focus-visible,a:focus-visible\{outline:2px solid #1f4fff/);
    expect(html).toMatch(/input\[type=password\]:focus\{outline:0;border-color:#1f4fff;box-shadow/);
    expect(html).toContain('main{width:100%;max-width:420px');
    // A link inside a sentence is underlined: colour alone would not set it apart.
    expect(html).toContain('span>a{text-decoration:underline}');
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
  });
});
