// A list with one entry moved to another place (drag and drop, or the Move up / Move down buttons).

/** The list with the entry at `from` put at `to`; null when that changes nothing or an index is outside it. */
export function movedWithin<T>(list: readonly T[], from: number, to: number): T[] | null {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return null;
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}
