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

type ServiceClass = new (platformApi: () => Promise<PlatformApi>) => PlatformBackedService;

/** Services built together, keyed by the name of the contract namespace each serves. */
export type ServiceSet<Classes extends Record<string, ServiceClass>> = { readonly [Name in keyof Classes]: InstanceType<Classes[Name]> };

/** Builds each service of a panel over the same platform client. */
export function buildServices<Classes extends Record<string, ServiceClass>>(classes: Classes, platformApi: () => Promise<PlatformApi>): ServiceSet<Classes> {
  return Object.fromEntries(Object.entries(classes).map(([name, Service]) => [name, new Service(platformApi)])) as ServiceSet<Classes>;
}
