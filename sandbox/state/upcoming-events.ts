// A channel's upcoming events as the sandbox keeps them (spec part B, "Upcoming events"). The spec has no
// call that schedules one: the seed and the operator (SandboxAdmin.scheduleEvent) do.

export interface UpcomingEvent {
  readonly id: string;
  readonly channelId: string;
  readonly title: string;
  readonly description: string;
  /** Unix seconds. */
  readonly start: number;
  /** Expected seconds. */
  readonly duration: number;
}

export interface UpcomingEventData {
  events: UpcomingEvent[];
  nextId: number;
}

/** The part of the sandbox's data (SandboxData in model.ts) these functions read and change. */
export interface UpcomingEventHolder {
  upcomingEvents?: UpcomingEventData;
}

function eventData(data: UpcomingEventHolder): UpcomingEventData {
  data.upcomingEvents ??= { events: [], nextId: 8000 };
  return data.upcomingEvents;
}

export function scheduleEvent(data: UpcomingEventHolder, fields: Omit<UpcomingEvent, 'id'>): UpcomingEvent {
  const store = eventData(data);
  const event: UpcomingEvent = { id: String(store.nextId++), ...fields };
  store.events.push(event);
  return event;
}

/** The channel's events not yet over at `now`, soonest first. */
export function upcomingEventsOf(data: UpcomingEventHolder, channelId: string, now: number): UpcomingEvent[] {
  return (data.upcomingEvents?.events ?? [])
    .filter((event) => event.channelId === channelId && event.start + event.duration > now)
    .sort((a, b) => a.start - b.start || Number(a.id) - Number(b.id));
}

/** Forgets a deleted channel's events. */
export function forgetChannelEvents(data: UpcomingEventHolder, channelId: string): void {
  if (!data.upcomingEvents) return;
  data.upcomingEvents.events = data.upcomingEvents.events.filter((event) => event.channelId !== channelId);
}
