// Channel managers for the panel: the list with the streamer's channels, invite, alias and active flag,
// channel access; the platform's errors become sentences that say what to do.
import { MAX_ACTIVE_MANAGERS, type InviteManager, type ManagerChange, type ManagerRow, type ManagersState, type NamespaceImplementation, type managersNamespace } from '../../../preload/contract.js';
import type { ChannelChoices } from '../channels/channel-choices.js';
import type { PlatformApi } from '../../platform/endpoints/index.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import type { Manager } from '../../platform/endpoints/schemas.js';
import { PlatformError } from '../../platform/platform-error.js';
import { explainPlatformError } from '../../explain-platform-error.js';

export const PLAN_LACKS_MANAGERS = 'Your plan does not include channel managers. Upgrade the plan on the platform to add managers; nothing else is wrong.';

export class ManagerService extends PlatformBackedService implements NamespaceImplementation<typeof managersNamespace> {
  readonly #choices: ChannelChoices;

  constructor(platformApi: () => Promise<PlatformApi>, choices: ChannelChoices) {
    super(platformApi);
    this.#choices = choices;
  }

  async state(): Promise<ManagersState> {
    const api = await this.api();
    // Access is given to the user's own channels only: the platform refuses it for channels they manage.
    const channels: ManagersState['channels'] = (await this.#choices.list(api)).filter((channel) => channel.managedFor === null).map((channel) => ({ id: channel.id, title: channel.title }));
    try {
      const managers = (await api.managers.list()).map(managerRow);
      return { included: true, planNote: null, managers, channels, maxActive: MAX_ACTIVE_MANAGERS };
    } catch (error) {
      if (error instanceof PlatformError && error.status === 402) return { included: false, planNote: PLAN_LACKS_MANAGERS, managers: [], channels, maxActive: MAX_ACTIVE_MANAGERS };
      throw error;
    }
  }

  async invite(request: InviteManager): Promise<ManagerRow> {
    const api = await this.api();
    const created = await explained(() => api.managers.create(request.email, { alias: request.alias || undefined }), {
      400: `${request.email} cannot be added: it must be the e-mail address of a registered platform user who is not already your manager. Check the address.`,
    });
    return managerRow(created);
  }

  async change(managerId: string, change: ManagerChange): Promise<ManagerRow> {
    const api = await this.api();
    await explained(() => api.managers.edit(managerId, change), {
      403: `At most ${MAX_ACTIVE_MANAGERS} managers can be active at once. Deactivate another manager first, then try again.`,
      404: 'This manager no longer exists. Reload the list.',
      400: 'The platform refused the change. Check the alias (at most 100 characters) and try again.',
    });
    return this.#one(api, managerId);
  }

  async remove(managerId: string): Promise<null> {
    const api = await this.api();
    await explained(() => api.managers.remove(managerId), { 404: 'This manager was already removed. Reload the list.' });
    return null;
  }

  async setChannel(managerId: string, channelId: string, granted: boolean): Promise<ManagerRow> {
    const api = await this.api();
    const messages = {
      403: 'That channel is not yours, so you cannot give a manager access to it.',
      404: 'This manager or channel no longer exists. Reload the list.',
    };
    await explained(() => (granted ? api.managers.grantChannel(channelId, managerId) : api.managers.revokeChannel(channelId, managerId)), messages);
    return this.#one(api, managerId);
  }

  async #one(api: PlatformApi, managerId: string): Promise<ManagerRow> {
    return managerRow(await explained(() => api.managers.get(managerId), { 404: 'This manager no longer exists. Reload the list.' }));
  }
}

function managerRow(manager: Manager): ManagerRow {
  return { userId: manager.user_id, email: manager.email, alias: manager.alias ?? '', active: manager.active, channels: manager.channels ?? [] };
}

/** Runs a platform call; a listed error status becomes a CompanionError with its sentence, 402 always the plan's. */
function explained<T>(call: () => Promise<T>, messages: Partial<Record<number, string>>): Promise<T> {
  return explainPlatformError(call, { sentences: messages, planNote: PLAN_LACKS_MANAGERS });
}
