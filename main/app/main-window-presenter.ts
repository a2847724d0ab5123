// Bringing the one main window forward: at start, on a second launch (single-instance lock), from the
// tray, a notification or the dock. It may be closed (open a new one, once, however often asked while
// it opens), minimised, or hidden in the tray.
/** The part of Electron's BrowserWindow this needs. */
export interface PresentableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  isVisible(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

export class MainWindowPresenter<W extends PresentableWindow> {
  #window: W | null = null;
  #opening: Promise<W> | null = null;

  constructor(
    private readonly open: () => Promise<W>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get window(): W | null {
    return this.#window;
  }

  /** The window is gone ('closed'): the next show opens a new one. */
  closed(): void {
    this.#window = null;
  }

  show(): void {
    const window = this.#window;
    if (!window || window.isDestroyed()) {
      this.#opening ??= this.open()
        .then((opened) => (this.#window = opened))
        .finally(() => (this.#opening = null));
      this.#opening.catch(this.onError);
      return;
    }
    if (window.isMinimized()) window.restore();
    if (!window.isVisible()) window.show();
    window.focus();
  }
}
