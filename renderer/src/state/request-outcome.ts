// What a failed call to main comes to in a slice: its sentence (main's errors already say what to do),
// or, for a feature the streamer's plan lacks, a note rather than a failure.

/**
 * The technical detail of the errors read lately, by their words, for the slices that still keep an error as
 * its sentence (errorText): PanelOutcome finds the detail here for its "Details" disclosure. Bounded: the last
 * few. Slices moved to ShownError (shownError) carry their own and never touch it.
 */
const detailsByWords = new Map<string, string>();
const DETAILS_KEPT = 50;

function remember({ message, details }: ShownError): void {
  if (details === undefined) return;
  detailsByWords.delete(message);
  detailsByWords.set(message, details);
  if (detailsByWords.size > DETAILS_KEPT) detailsByWords.delete(detailsByWords.keys().next().value!);
}

/** The technical detail behind an error's words, when main sent one. */
export function errorDetails(words: string): string | undefined {
  return detailsByWords.get(words);
}

/** An error as a slice keeps it: its sentence, and the technical detail main sent with it (for "Details"). */
export type ShownError = { readonly message: string; readonly details?: string };

/** A failed call as a value that carries its own detail, so two failures with the same words keep their own. */
export function shownError(error: unknown): ShownError {
  const message = error instanceof Error ? error.message : String(error);
  const details = (error as { details?: unknown } | null)?.details;
  return error instanceof Error && typeof details === 'string' && details !== '' ? { message, details } : { message };
}

/** The sentence only. Slices not yet moved to ShownError still use this (and the lookup above); new code takes shownError. */
export function errorText(error: unknown): string {
  const shown = shownError(error);
  remember(shown);
  return shown.message;
}

/** The code main gave the error (`channel_needed`, `platform_unreachable`…): a panel offers the control that fixes some. */
export function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

export function errorOrPlanNote(error: unknown): { error: string | null; planNote: string | null } {
  const text = errorText(error);
  return (error as { code?: unknown } | null)?.code === 'plan_lacks_feature' ? { error: null, planNote: text } : { error: text, planNote: null };
}
