// A form's first broken rule as a sentence for a person: the rule's own words ("the title is required"),
// or the field named in words ("the display name: one line"), never the schema's path (`displayName:`).

import { asSentence } from '../../preload/contract.js';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** `displayName` → "display name"; `enumItems` → "enum items". */
function fieldWords(key: PropertyKey): string {
  return String(key)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .toLowerCase();
}

export function problemWords(issues: readonly Issue[]): string {
  const issue = issues[0];
  if (issue === undefined) return 'A value is not accepted.';
  const key = issue.path.find((part) => typeof part === 'string');
  if (key === undefined) return asSentence(issue.message);
  const field = fieldWords(key);
  return issue.message.toLowerCase().includes(field) ? asSentence(issue.message) : asSentence(`the ${field}: ${issue.message}`);
}
