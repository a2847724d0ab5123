// The HTML shell of the authorization server's pages (the login page, its error page, the sign-up and
// password-reset pages): one style, no scripts, and headers that forbid caching, framing and every
// resource but the inline style. Values put into `html` are escaped unless they are Markup already.
import type { Reply } from '../http/reply.js';

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; display: flex; justify-content: center; background: Canvas; color: CanvasText; }
main { width: 100%; max-width: 26rem; padding: 1.5rem; box-sizing: border-box; }
h1 { font-size: 1.4rem; margin: 0 0 1rem; }
h2 { font-size: 1rem; margin: 1rem 0 0.25rem; }
ul { margin: 0 0 1rem; padding-left: 1.25rem; }
label { display: block; margin-top: 0.75rem; font-weight: 600; }
input { width: 100%; box-sizing: border-box; padding: 0.5rem; margin-top: 0.25rem; font: inherit; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
button { flex: 1; padding: 0.6rem; font: inherit; cursor: pointer; }
button.primary { font-weight: 600; }
.error { padding: 0.6rem; border: 1px solid #c62828; border-radius: 4px; color: #c62828; }
.links { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.5rem; margin-top: 1rem; }
.note { font-size: 0.85rem; opacity: 0.8; }
body.touch { font-size: 1.15rem; }
body.touch input, body.touch button { padding: 0.9rem; }
`;

export interface PageOptions {
  /** The spec's display=touch: larger text and controls. */
  readonly touch: boolean;
  /** The CSP form-action sources: where the page's forms may post (and be redirected to). */
  readonly formAction: string;
}

export function htmlPage(status: number, title: string, body: Markup, options: PageOptions): Reply {
  // Only English text exists, so the document says lang="en" whatever `lang` asked for.
  const document = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Sandbox platform</title>
<style>${new Markup(STYLE)}</style>
</head>
<body class="${options.touch ? 'touch' : 'desktop'}">
<main>
${body}
</main>
</body>
</html>
`;
  return {
    status,
    body: document.text,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${options.formAction}; frame-ancestors 'none'; base-uri 'none'`,
    },
  };
}

/** Markup safe to emit as is; every other value put into `html` is escaped, so nothing user-supplied slips through raw. */
export class Markup {
  constructor(readonly text: string) {}
}

type Interpolation = string | number | Markup | readonly Markup[] | null;

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Markup {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += render(value) + (strings[index + 1] ?? '');
  });
  return new Markup(text);
}

function render(value: Interpolation): string {
  if (value === null) return '';
  if (typeof value === 'string' || typeof value === 'number') return escapeHtml(String(value));
  if (value instanceof Markup) return value.text;
  return value.map((part) => part.text).join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
