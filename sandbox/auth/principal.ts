// Who is calling: a user through a user token, or an application through a client-credentials token
// (which acts for the application's owner, per the spec).
import type { Account, Client, Token } from '../state/model.js';

export type Principal =
  | { readonly kind: 'user'; readonly account: Account; readonly token: Token }
  | { readonly kind: 'client'; readonly client: Client; readonly account: Account; readonly token: Token };
