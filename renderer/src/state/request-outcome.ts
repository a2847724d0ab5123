// What a failed call to main comes to in a slice: its sentence (main's errors already say what to do),
// or, for a feature the streamer's plan lacks, a note rather than a failure.

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
