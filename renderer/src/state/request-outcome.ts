// What a failed call to main comes to in a slice: its sentence (main's errors already say what to do) with the
// technical detail main sent, or, for a feature the streamer's plan lacks, a note rather than a failure.

/** An error as a slice keeps it: its sentence, and the technical detail main sent with it (for "Details"). */
export type ShownError = { readonly message: string; readonly details?: string };

/** A failed call as a value that carries its own detail, so two failures with the same words keep their own. */
export function shownError(error: unknown): ShownError {
  const message = error instanceof Error ? error.message : String(error);
  const details = (error as { details?: unknown } | null)?.details;
  return error instanceof Error && typeof details === 'string' && details !== '' ? { message, details } : { message };
}

/** The code main gave the error (`channel_needed`, `platform_unreachable`…): a panel offers the control that fixes some. */
export function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** A failed call as an error, or as a plan note (its sentence only) when the streamer's plan lacks the feature. */
export function errorOrPlanNote(error: unknown): { error: ShownError | null; planNote: string | null } {
  const shown = shownError(error);
  return errorCode(error) === 'plan_lacks_feature' ? { error: null, planNote: shown.message } : { error: shown, planNote: null };
}
