// A mistyped command line answered in words: the unknown command or option named, the nearest one that
// exists offered ("did you mean --channel?"), a missing value said with the option's name, instead of
// Node's parseArgs text (which tells the user to put `--` before positionals).
import { UsageError } from './command-context.js';

/** The candidate nearest to `word`: one or two edits away (one for short words), or starting with it; else null. */
export function nearest(word: string, candidates: Iterable<string>): string | null {
  const allowed = word.length <= 4 ? 1 : 2;
  let best: { name: string; distance: number } | null = null;
  for (const name of candidates) {
    const distance = editDistance(word, name);
    const close = distance <= allowed || (word.length >= 3 && name.startsWith(word));
    if (close && (best === null || distance < best.distance)) best = { name, distance };
  }
  return best?.name ?? null;
}

export function unknownCommand(name: string, commands: Iterable<string>): UsageError {
  const guess = nearest(name, commands);
  return new UsageError(`there is no command ${JSON.stringify(name)}${guess === null ? '' : `: did you mean \`companion ${guess}\`?`} (\`companion --help\` lists the commands)`);
}

/**
 * parseArgs' own error for `command`, in words; other errors pass through as they are. `options` are the
 * names the command takes (global ones included).
 */
export function explainedParseError(error: unknown, command: string, options: Iterable<string>): unknown {
  if (!(error instanceof TypeError) || !('code' in error)) return error;
  const flag = /'(-{1,2}[^' ]+)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag !== undefined) {
    const guess = nearest(flag.replace(/^-+/, ''), options);
    return new UsageError(`\`companion ${command}\` has no option ${flag}${guess === null ? '' : `: did you mean --${guess}?`} (\`companion ${command} --help\` lists its options)`);
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag !== undefined) {
    return new UsageError(/argument missing/.test(error.message) ? `${flag} needs a value after it` : `${flag} takes no value (it is a switch: give it alone)`);
  }
  return error;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
