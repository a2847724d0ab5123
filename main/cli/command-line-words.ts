// Advice written for the app's panels that reaches the command line through a shared error: said here in
// the command line's own words (a terminal has no list to refresh, no panel to open; issue 22).
const PANEL_ADVICE: readonly (readonly [string, string])[] = [
  ['refresh the list and try again', 'check the id you gave and try again'],
];

export function inCommandLineWords(message: string): string {
  return PANEL_ADVICE.reduce((text, [panel, command]) => text.replaceAll(panel, command), message);
}
