// One change at a time on a slice's chosen channel: the change shows at once, and is put back when main
// refuses it (with main's error, or its sentence as a plan note for a feature the plan lacks).
import { errorOrPlanNote, type ShownError } from './request-outcome';

interface ChangeableState {
  readonly channelId: string | null;
  readonly busy: string | null;
  readonly error: ShownError | null;
  readonly planNote: string | null;
  readonly done: string | null;
}

export async function optimisticChange<S extends ChangeableState>(
  get: () => S,
  set: (partial: Partial<S>) => void,
  busy: NonNullable<S['busy']>,
  change: Partial<S>,
  call: (channelId: string) => Promise<unknown>,
  done: string,
): Promise<void> {
  const before = get();
  if (before.channelId === null || before.busy) return;
  const undo = Object.fromEntries(Object.keys(change).map((key) => [key, before[key as keyof S]])) as Partial<S>;
  set({ ...change, busy, error: null, planNote: null, done: null } as Partial<S>);
  try {
    await call(before.channelId);
    set({ busy: null, done } as Partial<S>);
  } catch (error) {
    set({ ...undo, busy: null, ...errorOrPlanNote(error) } as Partial<S>);
  }
}
