// The Debian packages the app and its tests need, each with the reason. One list for start, test and CI.
export const startPackages = [];

export const testPackages = [
  ...startPackages,
  { name: 'chromium', why: "end-to-end tests drive the UI in Debian's Chromium (Playwright never downloads a browser)" },
];
