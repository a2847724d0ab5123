// `companion api METHOD PATH [-f key=value]...`: one signed call, its JSON body printed (like `gh api`).
import type { FormValue, HttpMethod } from '../platform/platform-request.js';
import { UsageError, type Command } from './command-context.js';
import { passwordSignIn, runSignInOptions, signInForThisRun } from './run-sign-in.js';
import { coreForCommand } from './core-for-command.js';
import { RAW_CALL_METHODS, rawCall } from './raw-call.js';

export const apiCommand: Command = {
  synopsis:
    'api METHOD PATH [-f key=value]... [--client]\n                             a signed raw call; prints the JSON body (GET fields go in the query);\n                             --client signs with the app\'s client-credentials token (hooks)',
  options: { field: { type: 'string', short: 'f', multiple: true }, client: { type: 'boolean' }, ...runSignInOptions },
  async run(context, values, positionals) {
    const [rawMethod, path, ...extra] = positionals;
    const method = rawMethod?.toUpperCase() as HttpMethod | undefined;
    if (!method || !RAW_CALL_METHODS.has(method) || !path) throw new UsageError('api needs a METHOD (GET, POST, PUT, DELETE) and a PATH such as /users/self/channels.json');
    if (extra.length > 0) throw new UsageError(`api takes one METHOD and one PATH (got also ${extra.join(' ')})`);
    if (!path.startsWith('/')) throw new UsageError('PATH starts with / and is relative to the API address (e.g. /users/self/channels.json)');
    const fields: Record<string, FormValue> = {};
    for (const entry of (values.field as string[] | undefined) ?? []) {
      const equals = entry.indexOf('=');
      if (equals <= 0) throw new UsageError(`-f takes key=value (got ${entry})`);
      fields[entry.slice(0, equals)] = entry.slice(equals + 1);
    }
    const signIn = await passwordSignIn(context, values);
    // Its stdout is the answer alone: a wait is told on stderr, even with --json.
    const core = await coreForCommand(context, {}, undefined, undefined, 'stderr');
    try {
      await signInForThisRun(core, signIn);
      const body = await rawCall(await core.platformCaller(), { method, path, fields, client: values.client === true });
      context.out.write(`${JSON.stringify(body, null, context.json ? undefined : 2)}\n`);
    } finally {
      await core.session.close();
    }
    return 0;
  },
};
