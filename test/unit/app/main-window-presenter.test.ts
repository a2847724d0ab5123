import { describe, expect, it } from 'vitest';
import { MainWindowPresenter, type PresentableWindow } from '../../../main/app/main-window-presenter.js';

/** BrowserWindow as far as bringing it forward goes: records what was done to it. */
class FakeWindow implements PresentableWindow {
  readonly calls: string[] = [];
  destroyed = false;
  minimized = false;
  visible = true;

  isDestroyed(): boolean {
    return this.destroyed;
  }

  isMinimized(): boolean {
    return this.minimized;
  }

  isVisible(): boolean {
    return this.visible;
  }

  restore(): void {
    this.calls.push('restore');
    this.minimized = false;
  }

  show(): void {
    this.calls.push('show');
    this.visible = true;
  }

  focus(): void {
    this.calls.push('focus');
  }
}

function presenter() {
  const opened: FakeWindow[] = [];
  let finish: (() => void) | null = null;
  const subject = new MainWindowPresenter<FakeWindow>(
    () =>
      new Promise((resolve) => {
        const window = new FakeWindow();
        opened.push(window);
        finish = () => resolve(window);
      }),
    () => undefined,
  );
  return { subject, opened, finishOpening: async () => {
    finish?.();
    await new Promise((resolve) => setImmediate(resolve));
  } };
}

describe('MainWindowPresenter (second launch, tray, dock)', () => {
  it('opens one window however often it is asked while that window opens', async () => {
    const { subject, opened, finishOpening } = presenter();
    subject.show();
    subject.show();
    await finishOpening();
    expect(opened).toHaveLength(1);
    expect(subject.window).toBe(opened[0]);
  });

  it('brings a minimised or tray-hidden window forward and focuses it on a second launch', async () => {
    const { subject, opened, finishOpening } = presenter();
    subject.show();
    await finishOpening();
    const window = opened[0]!;
    window.minimized = true;
    subject.show();
    window.visible = false;
    subject.show();
    expect(window.calls).toEqual(['restore', 'focus', 'show', 'focus']);
  });

  it('opens a new window after the last one closed', async () => {
    const { subject, opened, finishOpening } = presenter();
    subject.show();
    await finishOpening();
    subject.closed();
    expect(subject.window).toBeNull();
    subject.show();
    await finishOpening();
    expect(opened).toHaveLength(2);
    expect(subject.window).toBe(opened[1]);
  });
});
