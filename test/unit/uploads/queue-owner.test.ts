// Whose queue folder: the first known user owns the profile's folder, others get their own; on a real disk.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userQueueFolder } from '../../../main/uploads/queue-owner.js';

let root: string;
let profile: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'queue-owner-'));
  profile = join(root, 'uploads', 'sandbox');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const owner = () => JSON.parse(readFileSync(join(profile, 'owner.json'), 'utf8')) as unknown;

describe('userQueueFolder', () => {
  it('gives the profile folder to the first known user and writes them down as its owner', () => {
    expect(userQueueFolder(profile, 'demo')).toBe(profile);
    expect(owner()).toEqual({ user: 'demo' });
    expect(userQueueFolder(profile, 'demo')).toBe(profile);
  });

  it('gives another user a folder of their own, the same each time', () => {
    userQueueFolder(profile, 'demo');
    const rival = userQueueFolder(profile, 'rival');
    expect(relative(profile, rival)).toBe(join('users', 'rival'));
    expect(existsSync(rival)).toBe(true);
    expect(userQueueFolder(profile, 'rival')).toBe(rival);
    expect(owner()).toEqual({ user: 'demo' });
  });

  it('keeps any user name inside the users folder', () => {
    userQueueFolder(profile, 'demo');
    for (const name of ['..', '../../etc', 'a/b', 'ä x', '.hidden']) {
      const folder = userQueueFolder(profile, name);
      expect(relative(join(profile, 'users'), folder)).not.toMatch(/^\.\.|[/\\]/);
      expect(folder.startsWith(join(profile, 'users'))).toBe(true);
    }
    expect(userQueueFolder(profile, '..')).not.toBe(userQueueFolder(profile, '%2E%2E'));
  });

  it('an unknown user keeps the profile folder without claiming it; an unreadable owner file is claimed by the next user', () => {
    expect(userQueueFolder(profile, null)).toBe(profile);
    expect(existsSync(join(profile, 'owner.json'))).toBe(false);
    writeFileSync(join(profile, 'owner.json'), '{"user": ');
    expect(userQueueFolder(profile, 'rival')).toBe(profile);
    expect(owner()).toEqual({ user: 'rival' });
  });
});
