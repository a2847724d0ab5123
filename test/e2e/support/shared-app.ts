// One browser-mode app for the tests of a spec file (or of the describe block that calls it), and the ffmpeg
// encoders they start: started before the first test, stopped (encoders first) after the last.
import { test } from '@playwright/test';
import { Encoders } from '../../support/synthetic-encoder.js';
import { startBrowserModeApp, type RunningApp } from './browser-mode-app.js';

export interface SharedApp {
  /** The running app (from the file's first test on). */
  readonly app: RunningApp;
  readonly encoders: Encoders;
}

export function sharedApp(): SharedApp {
  let app: RunningApp | undefined;
  const encoders = new Encoders();
  test.beforeAll(async () => {
    app = await startBrowserModeApp();
  });
  test.afterAll(async () => {
    encoders.killAll();
    await app?.stop();
  });
  return {
    get app(): RunningApp {
      if (!app) throw new Error('the shared app starts before the first test');
      return app;
    },
    encoders,
  };
}
