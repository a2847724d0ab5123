export function shellChoice(facts: {
  forceBrowser: boolean;
  electron: { path?: string; missing?: string };
  platform: string;
  env: Record<string, string | undefined>;
}): { shell: 'electron'; path: string } | { shell: 'browser'; note: string };
