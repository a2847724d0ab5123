// `companion diagnostics`: the Settings panel's "Copy diagnostics" text, printed (versions, OS, profile
// kinds, the end of the logs; secrets redacted).
import { emitJson, noPositionals, type Command } from './command-context.js';
import { coreForCommand } from './core-for-command.js';

export const diagnosticsCommand: Command = {
  synopsis: 'diagnostics                print versions and recent logs (secrets redacted) for a bug report',
  options: {},
  async run(context, values, positionals) {
    noPositionals('diagnostics', positionals);
    const core = await coreForCommand(context, values);
    try {
      const text = await core.companion.diagnostics();
      if (context.json) emitJson(context, 'diagnostics', { text });
      else context.out.write(text.endsWith('\n') ? text : `${text}\n`);
      return 0;
    } finally {
      await core.session.close();
    }
  },
};
