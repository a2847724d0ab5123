// Security and viewer settings for the Security panel: the password lock, the embed lock and its allowed
// URLs, the page lock, the viewer settings the platform takes but never gives back, and viewer
// authentication (the hash lock). Each call goes to the platform as it is asked; the platform's errors
// become sentences that say what to do, and a plan without a lock (402) is a note, not a failure.
import {
  CompanionError,
  type ChannelSecurity,
  type HashLockChange,
  type HashLockResult,
  type HashLockView,
  type ViewerSetting, type NamespaceImplementation, type securityNamespace } from '../../../preload/contract.js';
import { PlatformBackedService } from '../platform-backed-service.js';
import type { HashLock } from '../../platform/endpoints/schemas.js';
import { explainPlatformError } from '../../explain-platform-error.js';

export const PLAN_NOTES = {
  embed: 'Your plan does not include embed restriction. Upgrade the plan on the platform to choose where your player may be embedded.',
  page: 'Your plan does not include the page lock. Upgrade the plan on the platform to hide the channel on the platform\'s own website.',
  sharing: 'Your plan does not include sharing control. Upgrade the plan on the platform to turn viewer sharing off.',
  multiQuality: 'Your plan does not include multi-quality transcoding. Upgrade the plan on the platform to offer several qualities.',
} as const;

const NOT_YOURS = 'This channel is not yours (or you no longer manage it), so its security settings cannot be changed. Choose one of your channels.';
const GONE = 'This channel no longer exists. Reload the list of channels.';

const VIEWER_SETTING_NAMES: Record<ViewerSetting, string> = { sharing: 'sharing', hideViewers: 'hiding the viewer count', multiQuality: 'multi-quality' };

export class SecurityService extends PlatformBackedService implements NamespaceImplementation<typeof securityNamespace> {
  async state(channelId: string): Promise<ChannelSecurity> {
    const api = await this.api();
    const passwordEnabled = await explained(() => api.channelSecurity.getPasswordLock(channelId), {});
    const embed = await gated(PLAN_NOTES.embed, async () => {
      const locked = await api.channelSecurity.getEmbedLock(channelId);
      return { locked, allowedUrls: await api.channelSecurity.listEmbedAllowedUrls(channelId) };
    });
    const page = await gated(PLAN_NOTES.page, async () => ({ locked: await api.channelSecurity.getPageLock(channelId) }));
    return {
      channelId,
      passwordEnabled,
      embed: embed.value ? { included: true, planNote: null, ...embed.value } : { included: false, planNote: embed.note, locked: false, allowedUrls: [] },
      page: page.value ? { included: true, planNote: null, ...page.value } : { included: false, planNote: page.note, locked: false },
    };
  }

  async setPassword(channelId: string, password: string): Promise<ChannelSecurity> {
    const api = await this.api();
    await explained(() => api.channelSecurity.setPassword(channelId, password), {
      400: 'The platform refused this password. Use 1 to 100 characters on one line, not only spaces.',
    });
    return this.state(channelId);
  }

  async removePassword(channelId: string): Promise<ChannelSecurity> {
    const api = await this.api();
    await explained(() => api.channelSecurity.removePassword(channelId), {});
    return this.state(channelId);
  }

  async setEmbedLock(channelId: string, locked: boolean): Promise<ChannelSecurity> {
    const api = await this.api();
    await explained(() => api.channelSecurity.setEmbedLock(channelId, locked), {}, PLAN_NOTES.embed);
    return this.state(channelId);
  }

  async addEmbedAllowedUrl(channelId: string, url: string): Promise<ChannelSecurity> {
    const api = await this.api();
    await explained(() => api.channelSecurity.addEmbedAllowedUrl(channelId, url), {
      400: `The platform refused ${url} as an allowed address. Give one full http or https address, like https://example.com/blog.`,
    }, PLAN_NOTES.embed);
    return this.state(channelId);
  }

  async clearEmbedAllowedUrls(channelId: string): Promise<ChannelSecurity> {
    const api = await this.api();
    await explained(() => api.channelSecurity.clearEmbedAllowedUrls(channelId), {}, PLAN_NOTES.embed);
    return this.state(channelId);
  }

  async setPageLock(channelId: string, locked: boolean): Promise<ChannelSecurity> {
    const api = await this.api();
    await explained(() => api.channelSecurity.setPageLock(channelId, locked), {}, PLAN_NOTES.page);
    return this.state(channelId);
  }

  async setViewerSetting(channelId: string, setting: ViewerSetting, value: boolean): Promise<null> {
    const api = await this.api();
    const refused = { 400: `The platform refused the new value for ${VIEWER_SETTING_NAMES[setting]}. Try again; if it keeps failing, the platform may have changed this setting.` };
    if (setting === 'sharing') await explained(() => api.channelSecurity.setSharing(channelId, value), refused, PLAN_NOTES.sharing);
    else if (setting === 'hideViewers') await explained(() => api.channelSecurity.setHideViewers(channelId, value), refused);
    else await explained(() => api.channelSecurity.setMultiQuality(channelId, value), refused, PLAN_NOTES.multiQuality);
    return null;
  }

  async hashLock(channelId: string): Promise<HashLockView | null> {
    const api = await this.api();
    const lock = await explained(() => api.hashLock.get(channelId), {});
    return lock === null ? null : hashLockView(lock);
  }

  async setHashLock(channelId: string, change: HashLockChange): Promise<HashLockResult> {
    const api = await this.api();
    const setting = { url: change.url, secret: change.secret };
    const messages = {
      400: `The platform refused the viewer authentication: it needs both the entry-point address of your authentication service (a full http or https address; ${change.url} was refused) and a shared secret.`,
    };
    const { created } = await explained(() => (change.type === 'advanced' ? api.hashLock.setAdvanced(channelId, setting) : api.hashLock.setBasic(channelId, setting)), messages);
    return { created, lock: await this.hashLock(channelId) };
  }

  async removeHashLock(channelId: string): Promise<null> {
    const api = await this.api();
    await explained(() => api.hashLock.remove(channelId), {});
    return null;
  }
}

function hashLockView(lock: HashLock): HashLockView {
  return {
    type: lock.type,
    url: lock.url,
    message: lock.message ?? null,
    buttonCaption: lock.button_caption ?? null,
    popupWidth: lock.popup_width ?? null,
    popupHeight: lock.popup_height ?? null,
  };
}

/** A read the plan may lack: its value, or the plan's note when the platform answers 402. */
async function gated<T>(note: string, read: () => Promise<T>): Promise<{ value: T; note: null } | { value: null; note: string }> {
  try {
    return { value: await explained(read, {}), note: null };
  } catch (error) {
    if (error instanceof CompanionError && error.code === 'plan_lacks_feature') return { value: null, note };
    throw error;
  }
}

/**
 * Runs a platform call; a listed status becomes a CompanionError with its sentence; 403 and 404 always say
 * whose channel it is and that it may be gone; 402 is the plan's note (or a general one).
 */
export function explained<T>(call: () => Promise<T>, messages: Partial<Record<number, string>>, planNote?: string): Promise<T> {
  return explainPlatformError(call, {
    sentences: messages,
    notYours: NOT_YOURS,
    gone: GONE,
    planNote: planNote ?? 'Your plan does not include this setting. Upgrade the plan on the platform to use it.',
  });
}
