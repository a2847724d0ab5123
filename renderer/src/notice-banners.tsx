import { useNoticesStore } from './state/notices-slice';

export function NoticeBanners() {
  const notices = useNoticesStore((state) => state.notices);
  const dismiss = useNoticesStore((state) => state.dismiss);
  if (notices.length === 0) return null;
  return (
    <div className="notices">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.level}`} role={notice.level === 'error' ? 'alert' : 'status'}>
          <span>{notice.message}</span>
          <button type="button" className="notice-dismiss" onClick={() => dismiss(notice.id)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
