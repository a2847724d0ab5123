// The session namespace's setProfileAddresses: the Sign in panel's way out of a sign-in that found nothing
// at the profile's addresses. Only a platform profile, only signed out, and a typing slip said in words.
import { describe, expect, it, vi } from 'vitest';
import { serveSession } from '../../../main/session/session-namespace.js';
import type { SessionService } from '../../../main/session/session-service.js';

function fakeSession(change: { kind?: 'sandbox' | 'platform'; status?: 'signed-in' | 'signed-out' } = {}) {
  const configurePlatformProfile = vi.fn(async () => undefined);
  const session = {
    profileName: 'studio',
    profileKind: change.kind ?? 'platform',
    currentStatus: () => change.status ?? 'signed-out',
    configurePlatformProfile,
    info: async () => ({ profile: 'studio' }),
  } as unknown as SessionService;
  return { namespace: serveSession(session, () => false), configurePlatformProfile };
}

describe('setProfileAddresses', () => {
  it("saves the active platform profile's addresses, trimmed", async () => {
    const { namespace, configurePlatformProfile } = fakeSession();
    await expect(namespace.setProfileAddresses({ apiUrl: ' https://api.example.test/ ', authUrl: 'https://login.example.test' })).resolves.toEqual({ profile: 'studio' });
    expect(configurePlatformProfile).toHaveBeenCalledWith('studio', { apiUrl: 'https://api.example.test', authUrl: 'https://login.example.test' });
  });

  it('a typing slip is refused in words, naming the field', async () => {
    const { namespace, configurePlatformProfile } = fakeSession();
    await expect(namespace.setProfileAddresses({ apiUrl: 'https://api.example.test', authUrl: 'login.example.test' })).rejects.toMatchObject({
      code: 'bad_request',
      message: `The sign-in page's address must be a web address starting with https:// (or http:// for a platform on this computer); "login.example.test" is not one.`,
    });
    await expect(namespace.setProfileAddresses({ apiUrl: 'ftp://api.example.test', authUrl: 'https://login.example.test' })).rejects.toThrow(/^The API address must be a web address/);
    expect(configurePlatformProfile).not.toHaveBeenCalled();
  });

  it('not for the sandbox profile, and not while signed in', async () => {
    const addresses = { apiUrl: 'https://api.example.test', authUrl: 'https://login.example.test' };
    await expect(fakeSession({ kind: 'sandbox' }).namespace.setProfileAddresses(addresses)).rejects.toThrow('The sandbox profile takes its addresses from the embedded sandbox.');
    await expect(fakeSession({ status: 'signed-in' }).namespace.setProfileAddresses(addresses)).rejects.toThrow(/^Sign out before changing the platform's addresses/);
  });
});
