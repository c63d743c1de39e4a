import { identityTheme as t } from './theme';

/**
 * The frame of the identity pages: plain server-rendered HTML, no script, inline CSS (one
 * request), drawn like the app's /login card (src/components/CenteredCard.tsx, antd's Card,
 * Input and Button at size large) with the app's theme tokens (./theme.ts): its system
 * fonts, white card with a hairline border and 8 px corners, the logo and name centred
 * above the title, electric blue. docs/screens.md, "Identity pages", says what was chosen.
 */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="40" height="40" aria-hidden="true" focusable="false">
<rect width="32" height="32" rx="7" fill="${t.colorPrimary}"/><g stroke="#fff" stroke-linecap="round">
<path d="M23.5 7v18" stroke-width="2.6"/><path d="M7 11h12M10.5 16H19M7 21h12" stroke-width="2.4"/></g></svg>`;

/** Focus: a ring as visible as antd's button focus, for keyboard users (WCAG 2.4.7). */
const FOCUS_RING = `outline:2px solid ${t.colorPrimary};outline-offset:2px`;

const STYLE = `
*{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
background:${t.colorBgContainer};color:${t.colorText};
font-family:${t.fontFamily};font-size:${t.fontSize}px;line-height:${t.lineHeight}}
main{width:100%;max-width:420px;background:${t.colorBgContainer};border:1px solid ${t.colorBorderSecondary};
border-radius:${t.borderRadiusLG}px;padding:${t.paddingLG}px;overflow-wrap:anywhere}
header{display:flex;align-items:center;justify-content:center;gap:10px;margin-bottom:${t.padding}px}
header span{font-size:25.6px;font-weight:${t.fontWeightStrong};letter-spacing:-.01em;line-height:1.2}
h1{font-size:22px;font-weight:${t.fontWeightStrong};line-height:1.27;text-align:center;margin:0 0 ${t.padding}px}
p{margin:0 0 ${t.padding}px}
h1+p{text-align:center;color:${t.colorTextSecondary}}
strong{font-weight:${t.fontWeightStrong}}
form{margin:0}
label{display:block;margin:0 0 8px}
input+label,.hint+label{margin-top:${t.padding}px}
input[type=email],input[type=password]{display:block;width:100%;height:${t.controlHeightLG}px;margin:0;padding:7px 11px;
font:inherit;font-size:${t.fontSizeLG}px;color:${t.colorText};background:${t.colorBgContainer};
border:1px solid ${t.colorBorder};border-radius:${t.borderRadiusLG}px;transition:border-color .2s,box-shadow .2s}
input[type=email]:hover,input[type=password]:hover{border-color:${t.colorPrimaryHover}}
input[type=email]:focus,input[type=password]:focus{outline:0;border-color:${t.colorPrimary};box-shadow:0 0 0 2px rgba(31,79,255,.25)}
input[aria-invalid=true]{border-color:${t.colorError}}
.hint{font-size:${t.fontSize}px;color:${t.colorTextSecondary};margin:4px 0 0}
button{display:block;width:100%;height:${t.controlHeightLG}px;margin-top:${t.paddingLG}px;padding:0 15px;
font:inherit;font-size:${t.fontSizeLG}px;color:#fff;background:${t.colorPrimary};border:1px solid transparent;
border-radius:${t.borderRadiusLG}px;box-shadow:0 2px 0 rgba(5,92,255,.06);cursor:pointer;transition:background .2s}
button:hover{background:${t.colorPrimaryHover}}
button:active{background:${t.colorPrimaryActive}}
button:focus-visible,a:focus-visible{${FOCUS_RING}}
.alert,.notice{padding:8px 12px;border-radius:${t.borderRadiusLG}px;margin:0 0 ${t.padding}px;color:${t.colorText}}
.alert{background:${t.colorErrorBg};border:1px solid ${t.colorErrorBorder}}
.alert ul{margin:0;padding-left:18px}
.notice{background:${t.colorInfoBg};border:1px solid ${t.colorInfoBorder}}
nav{margin-top:${t.padding}px;display:flex;flex-wrap:wrap;justify-content:center;gap:8px 24px}
a{color:${t.colorLink};text-decoration:none;border-radius:2px}
a:hover,span>a{text-decoration:underline}
`;

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** A whole page around `body` (already HTML); the title is escaped here. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Splitline</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><main><header>${LOGO}<span>Splitline</span></header>
${body}
</main></body></html>`;
}

/** A red box listing what went wrong (nothing when there is nothing). */
export function errorBox(messages: string[]): string {
  if (messages.length === 0) return '';
  const items = messages.map((message) => `<li>${escapeHtml(message)}</li>`).join('');
  return `<div class="alert" id="${ERRORS_ID}" role="alert"><ul>${items}</ul></div>`;
}

/** The id of `errorBox`, which the fields of a refused form name in aria-describedby. */
export const ERRORS_ID = 'form-errors';

/**
 * aria-describedby (and aria-invalid) of a field: its own hints, and the error box when
 * the form came back refused, so that a screen reader reads why on the field.
 */
export function describedBy(errors: readonly string[], ...hints: string[]): string {
  const ids = errors.length > 0 ? [...hints, ERRORS_ID] : hints;
  if (ids.length === 0) return '';
  return ` aria-describedby="${ids.join(' ')}"${errors.length > 0 ? ' aria-invalid="true"' : ''}`;
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}
