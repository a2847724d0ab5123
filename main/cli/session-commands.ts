// `companion login`, `logout` and `whoami`.
import { describeSession, sessionFields } from './describe-session.js';
import { emitJson, noPositionals, stringOption, UsageError, type Command, type CommandContext } from './command-context.js';
import { coreForCommand, platformOptions } from './core-for-command.js';
import { loopbackSignIn } from './loopback-sign-in.js';
import { passwordSignIn, signInAdvice } from './run-sign-in.js';
import type { Core } from '../core.js';
import { describeKeychain, keychainLine } from '../vault/keychain-status.js';
import { openInBrowser } from './open-in-browser.js';

const SCOPES = new Set(['broadcaster', 'offline']);

export const loginCommand: Command = {
  synopsis:
    'login [--username U --password-stdin] [--token-type mac|bearer] [--scope "broadcaster offline"]\n' +
    '                             sign in: the password grant with --username, else the login page in a browser',
  options: { ...platformOptions, username: { type: 'string' }, 'password-stdin': { type: 'boolean' }, 'token-type': { type: 'string' }, scope: { type: 'string' } },
  async run(context, values, positionals) {
    noPositionals('login', positionals);
    const askedType = stringOption(values, 'token-type');
    if (askedType !== undefined && askedType !== 'mac' && askedType !== 'bearer') throw new UsageError('--token-type is mac or bearer');
    // The password grant gives MAC tokens unless told; the login page gives bearer tokens (code flow) unless told.
    const tokenType = askedType ?? 'mac';
    const scopes = (stringOption(values, 'scope') ?? 'broadcaster').split(/[\s+]+/).filter((scope) => scope !== '');
    const unknown = scopes.filter((scope) => !SCOPES.has(scope));
    if (unknown.length > 0) throw new UsageError(`--scope takes broadcaster and offline (not ${unknown.join(', ')})`);
    const withPassword = await passwordSignIn(context, values);

    if (withPassword !== null) {
      const core = await coreForCommand(context, values);
      try {
        const session = await core.session.signInWithPassword(withPassword.username, withPassword.password, tokenType, scopes as ('broadcaster' | 'offline')[]);
        return report(session, core);
      } finally {
        await core.session.close();
      }
    }

    const driver = await loopbackSignIn(async (url) => {
      // First, before anything can fail: a script driving the sign-in reads the address from here.
      if (context.json) emitJson(context, 'authorize', { url });
      // A headless machine (no xdg-open, no browser) gets the address to open elsewhere; the wait goes on.
      const outcome = await openInBrowser(url);
      if (!outcome.opened) context.logger.info('No browser could be opened for the sign-in.', { reason: outcome.reason });
      if (context.json) emitJson(context, 'open-browser', outcome.opened ? { url, opened: true } : { url, opened: false, reason: outcome.reason });
      else if (outcome.opened) context.out.write(`The sign-in page is open in your browser. If it did not appear, open this address in a browser:\n\n  ${url}\n\nWaiting for the sign-in…\n`);
      else context.out.write(`Open this address in a browser to sign in: ${url}\n(No browser could be opened here: ${outcome.reason}.)\nWaiting for the sign-in…\n`);
    });
    // A bad option found while the core is made (a mistyped --dialect) must not leave the loopback listener open.
    const core = await coreForCommand(context, values, driver).catch(async (error: unknown) => {
      await driver.close();
      throw error;
    });
    try {
      if (askedType === 'mac') {
        context.err.write('companion: a MAC token comes only from the implicit flow, which puts the token in the address your browser returns to: its history keeps it. Without --token-type mac the login page gives a bearer token through the code flow, which it does not.\n');
      }
      const start = await core.session.beginSignIn(scopes as ('broadcaster' | 'offline')[], askedType === 'mac' ? 'mac' : 'bearer');
      return start.kind === 'done' ? report(start.session, core) : 0;
    } finally {
      await driver.close();
      await core.session.close();
    }

    /** Without a keychain the sign-in worked but ends with this command: said, and exit 1 for scripts. */
    function report(session: Parameters<typeof describeSession>[0], core: Core): number {
      const keychain = describeKeychain(core.keychain.state);
      const remembered = keychain.mode === 'keychain';
      if (context.json) emitJson(context, 'signed-in', { ...sessionFields(session), remembered, keychain });
      else if (remembered) context.out.write(`${describeSession(session)}\nThe token is in ${keychain.name}.\n`);
      else context.out.write(`${describeSession(session)}\n`);
      if (remembered) return 0;
      context.err.write(
        `companion: the sign-in worked but is not remembered: ${keychainLine(keychain)}\n` +
          'Commands that call the platform can sign in for their own run: add --username U --password-stdin to them.\n',
      );
      return 1;
    }
  },
};

export const logoutCommand = profileCommand('logout', "revoke the profile's sign-in on the platform (today's platform), then forget it", async (context, core) => {
  const session = await core.session.signOut();
  // Forgotten here in any case; a revocation the platform did not take is said, and the exit code tells scripts.
  const unrevoked = session.lastError?.code === 'revocation_failed' ? session.lastError.message : null;
  if (context.json) emitJson(context, 'signed-out', { profile: session.profile, revoked: unrevoked === null, ...(unrevoked === null ? {} : { warning: unrevoked }) });
  else context.out.write(`Signed out of profile ${session.profile}; its tokens were ${session.dialect === 'current' && unrevoked === null ? 'revoked on the platform and ' : ''}removed from the keychain.\n`);
  if (unrevoked === null) return 0;
  context.err.write(`companion: ${unrevoked}\n`);
  return 1;
});

export const whoamiCommand = profileCommand('whoami', 'show the profile, token type, scope and expiry', async (context, core) => {
  const session = await core.session.info();
  const keychain = describeKeychain(core.keychain.state);
  if (context.json) emitJson(context, 'session', { ...sessionFields(session), keychain });
  else context.out.write(`${describeSession(session, undefined, signInAdvice(core.keychain))}\n${keychainLine(keychain)}\n`);
  return session.status === 'signed-in' ? 0 : 1;
});

/** A command about the profile of this run, with no options of its own: its core is closed when it is done. */
function profileCommand(name: string, summary: string, work: (context: CommandContext, core: Core) => Promise<number>): Command {
  return {
    synopsis: `${name.padEnd(27)}${summary}`,
    options: {},
    async run(context, _values, positionals) {
      noPositionals(name, positionals);
      const core = await coreForCommand(context, {});
      try {
        return await work(context, core);
      } finally {
        await core.session.close();
      }
    },
  };
}
