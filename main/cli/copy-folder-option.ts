// `--copy FOLDER` of `companion relay` and `companion live`: the safety copy's folder, as a full path, refused
// before anything starts when it does not exist or cannot be written.
import { resolve } from 'node:path';
import { folderProblem } from '../relay/safety-copy.js';
import { stringOption, UsageError, type OptionValues } from './command-context.js';

export async function copyFolderOption(values: OptionValues): Promise<string | undefined> {
  const given = stringOption(values, 'copy');
  if (given === undefined) return undefined;
  const folder = resolve(given);
  const problem = await folderProblem(folder);
  if (problem !== null) throw new UsageError(`--copy: ${problem}`);
  return folder;
}
