// The response a streamer's own authentication service sends the player after a viewer signs in (spec
// part B, "Viewer authentication flow and response scheme"): the chosen parameters, in order, then
// `hashExpire` when used, then `hash` = MD5 of those values followed by the shared secret, joined by `|`.
import { md5Hex } from './md5';

export interface AuthParameter {
  readonly name: string;
  readonly value: string;
}

export interface AuthResponseInput {
  /** The parameters the service chooses to send, in the order they appear in the response. */
  readonly parameters: readonly AuthParameter[];
  readonly secret: string;
  /** Unix seconds after which the viewer must authenticate again; omitted when null. */
  readonly hashExpire: number | null;
}

export interface AuthResponse {
  /** The pipe-joined text that is hashed (it ends with the secret: never send it anywhere). */
  readonly hashedText: string;
  readonly hash: string;
  /** The JSON the service puts in the `hash` query parameter of `{player_url}/embed/hashlock/pass`. */
  readonly json: string;
}

export function authResponse(input: AuthResponseInput): AuthResponse {
  const values = input.parameters.map((parameter) => parameter.value);
  if (input.hashExpire !== null) values.push(String(input.hashExpire));
  const hashedText = [...values, input.secret].join('|');
  const hash = md5Hex(hashedText);
  const body: Record<string, string | number> = {};
  for (const parameter of input.parameters) body[parameter.name] = parameter.value;
  if (input.hashExpire !== null) body.hashExpire = input.hashExpire;
  body.hash = hash;
  return { hashedText, hash, json: JSON.stringify(body) };
}

/** What is wrong with the calculator's input, or null: names must be unique and not the reserved ones. */
export function authInputProblem(input: AuthResponseInput): string | null {
  const names = input.parameters.map((parameter) => parameter.name.trim());
  if (names.some((name) => name === '')) return 'Every parameter needs a name.';
  if (names.some((name) => name === 'hash' || name === 'hashExpire')) return '"hash" and "hashExpire" are added by the scheme itself; choose other parameter names.';
  if (new Set(names).size !== names.length) return 'Parameter names must differ: the response is a JSON object.';
  if (input.secret === '') return 'Enter the shared secret you set for the channel.';
  if (input.hashExpire !== null && (!Number.isInteger(input.hashExpire) || input.hashExpire < 0)) return 'hashExpire is a Unix time in whole seconds.';
  return null;
}
