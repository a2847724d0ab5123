import { useEffect } from 'react';
import { CloseIcon } from './icons';
import { useShallow } from 'zustand/react/shallow';
import { useNavigationStore } from './state/navigation-slice';
import { noticesOf, useNoticesStore } from './state/notices-slice';

/** The open panel's notices (each belongs to one panel, and shows only there). */
export function NoticeBanners() {
  const panel = useNavigationStore((state) => state.panel);
  const notices = useNoticesStore(useShallow((state) => noticesOf(state.notices, panel)));
  const dismiss = useNoticesStore((state) => state.dismiss);
  const adopt = useNoticesStore((state) => state.adopt);
  const unadopted = notices.some((notice) => notice.panel === null);
  useEffect(() => {
    if (unadopted) adopt(panel);
  }, [unadopted, adopt, panel]);
  if (notices.length === 0) return null;
  return (
    <div className="notices">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.level}`} role={notice.level === 'error' ? 'alert' : 'status'}>
          <span>{notice.message}</span>
          <button type="button" className="notice-dismiss" onClick={() => dismiss(notice.id)} aria-label="Dismiss">
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
