// The renderer's Content-Security-Policy, one definition for the Electron protocol handler and browser mode.
// Scripts and styles come only from the app's own origin; nothing may be framed, posted or embedded.
export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // https: the video list's thumbnails, which the platform serves from its own image hosts.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    // 'self' covers the same-origin WebSocket of browser mode (CSP level 3).
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers sent with every renderer document, whichever shell serves it. */
export function documentSecurityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
