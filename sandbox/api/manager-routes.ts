// Channel managers (spec part A, "Channel managers"): the master's managers, their alias and active flag
// (at most MAX_ACTIVE_MANAGERS active at once), and their access to the master's channels. Every call
// needs the subaccount benefit (402 invalid_request).
import type { Principal } from '../auth/principal.js';
import { ApiError, lackOfOwnership, notFound } from '../http/api-error.js';
import { ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import type { Manager } from '../state/model.js';
import { channelRole, findChannel, requireBenefit, requireToken } from './access.js';

/** "simultaneously active managers: 3 by default" (part A, Limits). */
export const MAX_ACTIVE_MANAGERS = 3;
/** "managers per channel: at most 500". */
export const MAX_MANAGERS_PER_CHANNEL = 500;
const MAX_ALIAS_LENGTH = 100;

export function registerManagerRoutes(router: Router): void {
  router.get('/users/self/managers.:format', listManagers);
  router.post('/users/self/managers.:format', createManager);
  router.get('/users/self/managers/:manager_id.:format', getManager);
  router.put('/users/self/managers/:manager_id.:format', editManager);
  router.delete('/users/self/managers/:manager_id.:format', deleteManager);
  router.put('/channels/:channel_id/managers/:manager_id.:format', grantChannel);
  router.delete('/channels/:channel_id/managers/:manager_id.:format', revokeChannel);
}

function master(context: RequestContext): Principal {
  const principal = requireToken(context);
  requireBenefit(principal.account, 'subaccount', 'invalid_request');
  return principal;
}

function managerView(context: RequestContext, manager: Manager, withChannels: boolean) {
  const account = context.store.account(manager.userId);
  return {
    user_id: manager.userId,
    email: account?.email ?? '',
    alias: manager.alias,
    active: manager.active,
    ...(withChannels ? { channels: [...manager.channels] } : {}),
  };
}

function findManager(context: RequestContext, principal: Principal): Manager {
  const id = context.params.manager_id ?? '';
  const manager = context.store.data.managers.find((candidate) => candidate.masterId === principal.account.id && candidate.userId === id);
  if (!manager) throw notFound(`The manager ${id}`);
  return manager;
}

function alias(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (trimmed.length > MAX_ALIAS_LENGTH) throw new ApiError(400, 'bad_request', `alias is at most ${MAX_ALIAS_LENGTH} characters.`);
  return trimmed;
}

function listManagers(context: RequestContext) {
  const principal = master(context);
  const mine = context.store.data.managers.filter((manager) => manager.masterId === principal.account.id);
  return ok({ managers: mine.map((manager) => managerView(context, manager, true)) });
}

function getManager(context: RequestContext) {
  const principal = master(context);
  return ok({ manager: managerView(context, findManager(context, principal), true) });
}

function createManager(context: RequestContext) {
  const principal = master(context);
  const form = context.form();
  const email = form.get('email')?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new ApiError(400, 'bad_request', 'email is required: the e-mail address of a registered user.');
  const account = context.store.data.accounts.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
  if (!account) throw new ApiError(400, 'bad_request', `No registered user has the e-mail address ${email}.`);
  if (account.id === principal.account.id) throw new ApiError(400, 'bad_request', 'You cannot be your own manager.');
  const managers = context.store.data.managers;
  if (managers.some((manager) => manager.masterId === principal.account.id && manager.userId === account.id)) {
    throw new ApiError(400, 'bad_request', `${email} is already one of your managers.`);
  }
  const manager: Manager = { masterId: principal.account.id, userId: account.id, alias: alias(form.get('alias')) ?? '', active: false, channels: [] };
  managers.push(manager);
  context.store.changed();
  return ok(managerView(context, manager, false), 201);
}

function parseBoolean(value: string | null): boolean | null {
  if (value === null) return null;
  const lower = value.trim().toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return null;
}

function editManager(context: RequestContext) {
  const principal = master(context);
  const manager = findManager(context, principal);
  const form = context.form();
  const active = parseBoolean(form.get('active'));
  if (active === null) throw new ApiError(400, 'bad_request', 'active is required: true or false.');
  const newAlias = alias(form.get('alias'));
  if (active && !manager.active) {
    const activeCount = context.store.data.managers.filter((other) => other.masterId === principal.account.id && other.active).length;
    if (activeCount >= MAX_ACTIVE_MANAGERS) {
      throw new ApiError(403, 'limit_reached', `At most ${MAX_ACTIVE_MANAGERS} managers can be active at once; deactivate one first.`);
    }
  }
  manager.active = active;
  if (newAlias !== null) manager.alias = newAlias;
  context.store.changed();
  return ok({ manager: managerView(context, manager, true) });
}

function deleteManager(context: RequestContext) {
  const principal = master(context);
  const manager = findManager(context, principal);
  context.store.data.managers = context.store.data.managers.filter((candidate) => candidate !== manager);
  context.store.changed();
  return ok({});
}

/** 402 first, then the channel (404, 403 when it is not the master's), then the manager (404). */
function channelAndManager(context: RequestContext) {
  const principal = master(context);
  const channel = findChannel(context);
  if (channelRole(context.store.data, principal.account, channel) === 'manager') {
    throw new ApiError(403, 'lack_of_ownership', `Only the owner of the channel ${channel.id} may give or take managers' access to it; its managers may not.`);
  }
  if (channel.ownerId !== principal.account.id) throw lackOfOwnership(`the channel ${channel.id}`);
  return { channel, manager: findManager(context, principal) };
}

function grantChannel(context: RequestContext) {
  const { channel, manager } = channelAndManager(context);
  if (!manager.channels.includes(channel.id)) {
    const onChannel = context.store.data.managers.filter((other) => other.channels.includes(channel.id)).length;
    if (onChannel >= MAX_MANAGERS_PER_CHANNEL) {
      throw new ApiError(403, 'limit_reached', `A channel has at most ${MAX_MANAGERS_PER_CHANNEL} managers.`);
    }
    manager.channels.push(channel.id);
    context.store.changed();
  }
  return ok({});
}

function revokeChannel(context: RequestContext) {
  const { channel, manager } = channelAndManager(context);
  manager.channels = manager.channels.filter((id) => id !== channel.id);
  context.store.changed();
  return ok({});
}
