// One browser-mode app for a spec file and the ffmpeg encoders its tests start: started before the file's
// first test, stopped (encoders first) after its last.
import { test } from '@playwright/test';
import { Encoders } from '../../support/synthetic-encoder.js';
import { startBrowserModeApp, type RunningApp } from './browser-mode-app.js';

export interface AppWithEncoders {
  /** The running app (from the file's first test on). */
  readonly app: RunningApp;
  readonly encoders: Encoders;
}

export function appWithEncoders(): AppWithEncoders {
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
      if (!app) throw new Error('the app starts before the first test of the file');
      return app;
    },
    encoders,
  };
}
