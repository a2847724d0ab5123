// The two Electron IPC channels, shared by the preload and main wrappers so neither spells them alone.

/** Renderer → main calls: `invoke(INVOKE_CHANNEL, method, args)`, answered with an Envelope. */
export const INVOKE_CHANNEL = 'companion:invoke';

/** Main → renderer contract events: `send(EVENT_CHANNEL, eventName, payload)`. */
export const EVENT_CHANNEL = 'companion:event';
