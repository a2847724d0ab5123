// Debian's Chromium as every browser of the e2e suite starts it, never a downloaded one; the flags keep it off
// the (closed) network. Playwright's config and the specs that start a browser of their own share it.
export const chromiumExecutable = process.env.COMPANION_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumArgs = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];
