// `companion channels`: the signed-in user's channels.
import { channelsApi } from '../platform/endpoints/channels.js';
import { emitJson, noPositionals, type Command } from './command-context.js';
import { passwordSignIn, runSignInOptions, signInForThisRun } from './run-sign-in.js';
import { coreForCommand } from './core-for-command.js';

export const channelsCommand: Command = {
  synopsis: "channels                   the user's channels",
  options: { ...runSignInOptions },
  async run(context, values, positionals) {
    noPositionals('channels', positionals);
    const signIn = await passwordSignIn(context, values);
    const core = await coreForCommand(context, {});
    try {
      await signInForThisRun(core, signIn);
      const channels = channelsApi(await core.platformCaller());
      const rows: string[][] = [];
      for await (const channel of channels.list()) {
        if (context.json) emitJson(context, 'channel', { id: channel.id, title: channel.title, status: channel.status, default: channel.default ?? false, url: channel.url });
        else rows.push([channel.id, channel.status, `${channel.title}${channel.default ? ' (default)' : ''}`]);
      }
      if (!context.json) context.out.write(rows.length === 0 ? 'No channels yet.\n' : table([['ID', 'STATUS', 'TITLE'], ...rows]));
    } finally {
      await core.session.close();
    }
    return 0;
  },
};

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n') + '\n';
}
