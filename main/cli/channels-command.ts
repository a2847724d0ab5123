// `companion channels`: the signed-in user's channels, and those they manage for others.
import { ChannelChoices } from '../admin/channels/channel-choices.js';
import { createPlatformApi } from '../platform/endpoints/index.js';
import type { ChannelListItem } from '../platform/endpoints/schemas.js';
import { emitJson, noPositionals, type Command } from './command-context.js';
import { passwordSignIn, runSignInOptions, signInForThisRun } from './run-sign-in.js';
import { coreForCommand } from './core-for-command.js';

export const channelsCommand: Command = {
  synopsis: "channels                   the user's channels and those they manage",
  options: { ...runSignInOptions },
  async run(context, values, positionals) {
    noPositionals('channels', positionals);
    const signIn = await passwordSignIn(context, values);
    const core = await coreForCommand(context, {});
    try {
      await signInForThisRun(core, signIn);
      const api = createPlatformApi(await core.platformCaller());
      const listed: ChannelListItem[] = [];
      for await (const channel of api.channels.list()) listed.push(channel);
      const managed = await new ChannelChoices(core.session).managedOwners(api, listed);
      const rows: string[][] = [];
      for (const channel of listed) {
        const managedFor = managed.get(channel.id) ?? null;
        if (context.json) emitJson(context, 'channel', { id: channel.id, title: channel.title, status: channel.status, default: channel.default ?? false, url: channel.url, managed_for: managedFor });
        else rows.push([channel.id, channel.status, `${channel.title}${channel.default ? ' (default)' : ''}${managedFor !== null ? ` (managed for ${managedFor})` : ''}`]);
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
