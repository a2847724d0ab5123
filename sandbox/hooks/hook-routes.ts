// Channel hooks (spec part B, "Channel hooks"): register, read and remove, with client-credentials tokens.
import { ApiError, lackOfOwnership } from '../http/api-error.js';
import { empty, ok } from '../http/reply.js';
import type { RequestContext } from '../http/request-context.js';
import type { Router } from '../http/router.js';
import { HOOK_EVENTS, type Channel, type HookEvent } from '../state/model.js';
import { canManageChannel, findChannel, requireClientToken } from '../api/access.js';
import type { HookDispatcher } from './hook-dispatcher.js';

export function registerHookRoutes(router: Router, hooks: HookDispatcher): void {
  const path = '/channels/:channel_id/hooks/:event.:format';
  router.put(path, (context) => {
    const channel = hookChannel(context);
    const event = hookEvent(context, 400, 'bad_request');
    const recipient = context.form().get('recipient');
    if (!recipient || !isHttpUrl(recipient)) throw new ApiError(400, 'bad_request', 'recipient is required: the http(s) URL that receives the notifications.');
    hooks.register(channel, event, recipient);
    return empty(204);
  });
  router.get(path, (context) => {
    const channel = hookChannel(context);
    const hook = channel.hooks[hookEvent(context, 404, 'not_found')];
    if (!hook) throw new ApiError(404, 'not_found', `No hook is registered for ${context.params.event} on channel ${channel.id}.`);
    return ok({ recipient: hook.recipient, status: hook.status });
  });
  router.delete(path, (context) => {
    const channel = hookChannel(context);
    const event = hookEvent(context, 400, 'bad_request');
    if (!channel.hooks[event]) throw new ApiError(404, 'not_found', `No hook is registered for ${event} on channel ${channel.id}.`);
    delete channel.hooks[event];
    context.store.changed();
    return empty(200);
  });
}

function hookChannel(context: RequestContext): Channel {
  const channel = findChannel(context);
  const principal = requireClientToken(context);
  if (!canManageChannel(context.store.data, principal.account, channel)) throw lackOfOwnership(`the channel ${channel.id}`);
  return channel;
}

function hookEvent(context: RequestContext, status: number, error: string): HookEvent {
  const event = context.params.event ?? '';
  if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
    throw new ApiError(status, error, `${JSON.stringify(event)} is not a hook event; use one of ${HOOK_EVENTS.join(', ')}.`);
  }
  return event as HookEvent;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
