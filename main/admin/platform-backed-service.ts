// What the administration services share: each is backed by the platform API, and asks for the client
// anew on every call rather than keeping one, so each call follows the session as it is then.
import type { PlatformApi } from '../platform/endpoints/index.js';

export abstract class PlatformBackedService {
  readonly #platformApi: () => Promise<PlatformApi>;

  constructor(platformApi: () => Promise<PlatformApi>) {
    this.#platformApi = platformApi;
  }

  /** The platform client for the session as it is now. */
  protected api(): Promise<PlatformApi> {
    return this.#platformApi();
  }
}
