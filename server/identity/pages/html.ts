/**
 * The frame of the identity pages: plain server-rendered HTML, no script, system fonts,
 * the brand colour of src/lib/brand.ts (electric blue) and the logo mark of
 * public/favicon.svg, inline so that a page is one request.
 */
const BRAND = '#1F4FFF';

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="40" height="40" aria-hidden="true">
<rect width="32" height="32" rx="7" fill="${BRAND}"/><g stroke="#fff" stroke-linecap="round">
<path d="M23.5 7v18" stroke-width="2.6"/><path d="M7 11h12M10.5 16H19M7 21h12" stroke-width="2.4"/></g></svg>`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f5f6f8;
font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f1f1f}
main{width:100%;max-width:400px;margin:24px 16px;background:#fff;border-radius:12px;padding:32px;
box-shadow:0 1px 2px rgba(0,0,0,.06),0 4px 16px rgba(0,0,0,.06)}
header{display:flex;align-items:center;gap:12px;margin-bottom:24px}
header span{font-size:20px;font-weight:600;letter-spacing:-.01em}
h1{font-size:22px;margin:0 0 8px}
p{margin:0 0 16px;color:#434343}
label{display:block;font-weight:500;margin:16px 0 4px}
input[type=email],input[type=password]{width:100%;padding:9px 11px;font:inherit;border:1px solid #d0d4dc;border-radius:6px}
input:focus{outline:2px solid ${BRAND};outline-offset:1px;border-color:${BRAND}}
.hint{font-size:13px;color:#595959;margin:4px 0 0}
button{width:100%;margin-top:24px;padding:10px;font:inherit;font-weight:600;color:#fff;background:${BRAND};
border:0;border-radius:6px;cursor:pointer}
button:hover{filter:brightness(1.1)}
.alert{padding:10px 12px;border-radius:6px;margin:0 0 16px;background:#fff2f0;border:1px solid #ffccc7;color:#a8071a}
.alert ul{margin:0;padding-left:18px}
.notice{padding:10px 12px;border-radius:6px;margin:0 0 16px;background:#f0f5ff;border:1px solid #adc6ff}
nav{margin-top:20px;display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;font-size:14px}
a{color:${BRAND}}
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
  return `<div class="alert" role="alert"><ul>${items}</ul></div>`;
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}
