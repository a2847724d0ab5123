/** Previous / Next for a paged list, with the page number (the list shows one page at a time). */
export function Pager({ page, hasPrevious, hasNext, disabled, testId, onPage }: { page: number; hasPrevious: boolean; hasNext: boolean; disabled?: boolean; testId: string; onPage: (page: number) => void }) {
  return (
    <div className="pager" role="group" aria-label="Pages">
      <button type="button" className="button button-small" disabled={!hasPrevious || disabled} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span data-testid={testId}>Page {page}</span>
      <button type="button" className="button button-small" disabled={!hasNext || disabled} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </div>
  );
}
