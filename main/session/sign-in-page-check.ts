// Before the platform's login page opens (in this tab in browser mode, in a window in Electron): does the
// authorization server answer at all? One that does not would leave the streamer on the browser's own
// "This site can't be reached" page, with no way back to the app's words. Any HTTP answer counts: the page
// itself says what is wrong with the request.
import { CompanionError } from '../../preload/contract.js';

const CHECK_TIMEOUT_MS = 5000;

export async function checkSignInPage(url: string, timeoutMs = CHECK_TIMEOUT_MS): Promise<void> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
  } catch (error) {
    throw new CompanionError(
      'platform_unreachable',
      `The platform's sign-in page at ${new URL(url).origin} cannot be reached (${whyNot(error, timeoutMs)}), so the sign-in did not start. Check the profile's sign-in page address and your connection, then sign in again.`,
    );
  }
}

function whyNot(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
  if (code === 'ECONNREFUSED') return 'nothing answers at that address';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'that server name is not known';
  if (code === 'ECONNRESET') return 'the connection was cut';
  if (code !== undefined && /CERT|SSL|TLS/.test(code)) return 'its certificate is not trusted';
  return code ?? (error instanceof Error ? error.message : String(error));
}
