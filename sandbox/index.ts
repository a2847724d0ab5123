// The embedded platform sandbox's one entry point (main/ starts the sandbox only through this file).
// Issue 3 builds it: OAuth authorization server, REST API, FTP, RTMP ingest and hooks, per the spec.
export {};
