// The Debian packages the app and its tests need, each with the reason. One list for start, test and CI.
export const startPackages = [
  { name: 'libsecret-1-dev', why: 'keytar (the OS keychain binding) builds against libsecret' },
];

export const testPackages = [
  ...startPackages,
  { name: 'chromium', why: "end-to-end tests drive the UI in Debian's Chromium (Playwright never downloads a browser)" },
  { name: 'python3-oauthlib', why: "the sandbox's MAC verifier is cross-checked against oauthlib's prepare_mac_header (run with /usr/bin/python3)" },
  { name: 'pure-ftpd', why: "the upload flow is also tested against an independent FTP server handed out as the sandbox's external FTP (pure-ftpd, pure-pw)" },
  { name: 'ffmpeg', why: 'tests make real media with ffmpeg (uploads, synthetic encoders) and the sandbox reads video lengths with ffprobe' },
  { name: 'gnome-keyring', why: 'vault tests store secrets in a real keychain: a throwaway GNOME Keyring Secret Service (scripts/with-keyring.mjs)' },
  { name: 'libsecret-tools', why: 'vault tests check the keychain independently of keytar with secret-tool' },
  { name: 'dbus', why: 'scripts/with-keyring.mjs runs the tests in a private D-Bus session (dbus-run-session, dbus-send)' },
  { name: 'nginx', why: 'relay tests publish to independent RTMP ingests: nginx with the RTMP module (test/support/nginx-rtmp.ts), killed mid-stream for failover' },
  { name: 'libnginx-mod-rtmp', why: 'the RTMP module those nginx ingests load (/usr/lib/nginx/modules/ngx_rtmp_module.so): they record what they receive and check stream keys with on_publish' },
];
