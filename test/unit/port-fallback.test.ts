// Which ports a busy listener tries, and that only "in use" moves it on.
import { describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { firstFreePort, isPortInUse, listenOnFreePort, portsToTry } from '../../main/port-fallback.js';

const inUse = (port: number) => Object.assign(new Error(`listen EADDRINUSE: address already in use 127.0.0.1:${port}`), { code: 'EADDRINUSE' });

describe('portsToTry', () => {
  it('the asked port, the next few, then one the OS picks', () => {
    expect(portsToTry(1935, 10)).toEqual([1935, 1936, 1937, 1938, 1939, 1940, 1941, 1942, 1943, 1944, 1945, 0]);
    expect(portsToTry(8080, 0)).toEqual([8080, 0]);
  });

  it('never past 65535, and 0 (any port) needs no fallback', () => {
    expect(portsToTry(65534, 10)).toEqual([65534, 65535, 0]);
    expect(portsToTry(0, 10)).toEqual([0]);
  });
});

describe('listenOnFreePort', () => {
  it('moves past ports in use and names them', async () => {
    const tried: number[] = [];
    const result = await listenOnFreePort([1935, 1936, 1937, 0], async (port) => {
      tried.push(port);
      if (port < 1937) throw inUse(port);
      return `listening on ${port}`;
    });
    expect(result).toEqual({ value: 'listening on 1937', busy: [1935, 1936] });
    expect(tried).toEqual([1935, 1936, 1937]);
  });

  it('ends on the port the OS picks when all the others are taken', async () => {
    const result = await listenOnFreePort(portsToTry(1935, 3), async (port) => {
      if (port !== 0) throw inUse(port);
      return 41234;
    });
    expect(result).toEqual({ value: 41234, busy: [1935, 1936, 1937, 1938] });
  });

  it('stops at any other error (a port it may not take), trying nothing else', async () => {
    const tried: number[] = [];
    const denied = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES' });
    await expect(
      listenOnFreePort([80, 81, 0], async (port) => {
        tried.push(port);
        throw denied;
      }),
    ).rejects.toBe(denied);
    expect(tried).toEqual([80]);
  });

  it('gives the last error when even the last port fails', async () => {
    await expect(listenOnFreePort([0], async () => Promise.reject(inUse(0)))).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('recognises only EADDRINUSE as "in use"', () => {
    expect(isPortInUse(inUse(1))).toBe(true);
    expect(isPortInUse(Object.assign(new Error(), { code: 'EACCES' }))).toBe(false);
    expect(isPortInUse('EADDRINUSE')).toBe(false);
    expect(isPortInUse(null)).toBe(false);
  });
});

describe('firstFreePort', () => {
  it('skips a port held by another listener, and names the one the caller holds itself', async () => {
    const held = createServer().listen(0, '127.0.0.1');
    await once(held, 'listening');
    const port = (held.address() as AddressInfo).port;
    try {
      const free = await firstFreePort([port, 0]);
      expect(free).toBe(0);
      expect(await firstFreePort([port], '127.0.0.1')).toBeNull();
      expect(await firstFreePort([port], '127.0.0.1', port)).toBe(port);
    } finally {
      await new Promise((resolve) => held.close(resolve));
    }
  });
});
