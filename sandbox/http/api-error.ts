// An error answer of the platform: the spec's `error` value and HTTP status, plus a sentence for people.
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${status} ${error}: ${description}`);
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} does not exist.`);
export const lackOfOwnership = (what: string) => new ApiError(403, 'lack_of_ownership', `You may not manage ${what}.`);
