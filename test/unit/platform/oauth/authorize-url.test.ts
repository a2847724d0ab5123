import { describe, expect, it } from 'vitest';
import { authorizeUrl } from '../../../../main/platform/oauth/authorize-url.js';
import { deviceName } from '../../../../main/platform/oauth/device-name.js';

describe('authorizeUrl', () => {
  it('asks for a MAC token in the implicit flow with every parameter of the spec', () => {
    const url = authorizeUrl({
      authUrl: 'http://127.0.0.1:9000/',
      clientId: 'c'.repeat(40),
      redirectUri: 'http://127.0.0.1:5000/callback?x=1',
      state: 'st/at+e=',
      tokenType: 'mac',
      scopes: ['broadcaster', 'offline'],
      deviceName: 'Broadcaster Companion on studio (Linux)',
      responseType: 'token',
    });
    expect(url).toBe(
      `http://127.0.0.1:9000/oauth2/authorize?response_type=token&client_id=${'c'.repeat(40)}` +
        '&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback%3Fx%3D1&state=st%2Fat%2Be%3D&scope=broadcaster%20offline' +
        '&token_type=mac&device_name=Broadcaster%20Companion%20on%20studio%20(Linux)',
    );
    const parameters = new URL(url).searchParams;
    expect(parameters.get('redirect_uri')).toBe('http://127.0.0.1:5000/callback?x=1');
    expect(parameters.get('state')).toBe('st/at+e=');
    expect(parameters.get('scope')).toBe('broadcaster offline');
  });

  it('leaves out an empty scope and, in the code flow, the token type', () => {
    const parameters = new URL(
      authorizeUrl({ authUrl: 'https://auth.example', clientId: 'id', redirectUri: 'app://companion/signed-in', state: 's', scopes: [], deviceName: 'd', responseType: 'code' }),
    ).searchParams;
    expect([...parameters.keys()]).toEqual(['response_type', 'client_id', 'redirect_uri', 'state', 'device_name']);
    expect(parameters.get('response_type')).toBe('code');
  });
});

describe('deviceName', () => {
  it('names the app, the machine and its system', () => {
    expect(deviceName('studio-pc', 'darwin')).toBe('Broadcaster Companion on studio-pc (macOS)');
    expect(deviceName('studio-pc', 'win32')).toBe('Broadcaster Companion on studio-pc (Windows)');
    expect(deviceName('box', 'freebsd')).toBe('Broadcaster Companion on box (freebsd)');
    expect(deviceName()).toMatch(/^Broadcaster Companion on .+ \(.+\)$/);
  });
});
