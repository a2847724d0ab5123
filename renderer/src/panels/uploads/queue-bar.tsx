import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useUploadsStore } from '../../state/uploads-slice';
import { QueueControls, QueueTotals } from './queue-controls';
import { UploadSpeedPlan } from './upload-speed-plan';

/** The queue's totals, its controls and the speed plan: the part of the queue that moves with `totals`. Memo: it draws again for its own fields only. */
export const QueueBar = memo(function QueueBar() {
  const { totals, filter, busy, pauseAll, resumeAll, retryFailed, clearFinished, setConcurrency, setSpeedLimit, setFilter } = useUploadsStore(
    useShallow((state) => ({
      totals: state.totals,
      filter: state.filter,
      busy: state.busy === 'queue' || state.busy === 'settings',
      pauseAll: state.pauseAll,
      resumeAll: state.resumeAll,
      retryFailed: state.retryFailed,
      clearFinished: state.clearFinished,
      setConcurrency: state.setConcurrency,
      setSpeedLimit: state.setSpeedLimit,
      setFilter: state.setFilter,
    })),
  );
  if (!totals) return null;
  return (
    <>
      <QueueTotals totals={totals} />
      <QueueControls
        totals={totals}
        filter={filter}
        busy={busy}
        onPauseAll={() => void pauseAll()}
        onResumeAll={() => void resumeAll()}
        onRetryFailed={() => void retryFailed()}
        onClearFinished={(failed) => void clearFinished(failed)}
        onConcurrency={(concurrency) => void setConcurrency(concurrency)}
        onSpeedLimit={(limit) => void setSpeedLimit(limit)}
        onFilter={setFilter}
      />
      <UploadSpeedPlan />
    </>
  );
});
