// A panel whose capability is not built yet: it says plainly what it will do, so nothing pretends to work.
export interface UpcomingPanelProps {
  readonly title: string;
  readonly purpose: string;
}

export function UpcomingPanel({ title, purpose }: UpcomingPanelProps) {
  return (
    <section className="panel" aria-labelledby="panel-title">
      <h1 id="panel-title">{title}</h1>
      <p className="panel-purpose">{purpose}</p>
      <p className="panel-status">Not available in this version yet.</p>
    </section>
  );
}
