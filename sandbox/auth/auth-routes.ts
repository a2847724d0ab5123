// The authorization server's routes on the auth router: the login page of the code and implicit flows,
// the sign-up and password-reset pages it links to, the token endpoint and (today's platform) revocation.
import type { Router } from '../http/router.js';
import type { SandboxStore } from '../state/sandbox-store.js';
import { PASSWORD_RESET_PATH, passwordResetPage, SIGN_UP_PATH, signUpPage } from './account-help-pages.js';
import { authorizeEndpoint } from './authorize-page.js';
import { revocationEndpoint } from './revocation-endpoint.js';
import { tokenEndpoint } from './token-endpoint.js';

export function registerAuthRoutes(router: Router, store: SandboxStore): void {
  // One handler for both methods: the page's form token is keyed per handler, and the form posts back to it.
  const authorize = authorizeEndpoint(store);
  router.get('/oauth2/authorize', authorize);
  router.post('/oauth2/authorize', authorize);
  // Today's platform's login page is `/authorize` (authentication.video.ibm.com/authorize): the same page.
  router.get('/authorize', authorize);
  router.post('/authorize', authorize);
  router.get(SIGN_UP_PATH, signUpPage);
  router.get(PASSWORD_RESET_PATH, passwordResetPage);
  router.post('/oauth2/token', tokenEndpoint(store));
  router.post('/oauth2/token/revoke', revocationEndpoint(store));
}
