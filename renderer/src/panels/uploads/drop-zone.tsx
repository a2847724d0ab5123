import { useEffect, useState, type DragEvent } from 'react';
import { droppedPaths } from '../../bridge/dropped-files';

/**
 * Where files and folders are dropped. In the desktop app a drop adds them; in a browser the page never
 * learns where a dropped file is, so it says so and points to the path field and the folder browser.
 */
export function DropZone({ disabled, onPaths }: { disabled: boolean; onPaths: (paths: string[]) => void }) {
  const [over, setOver] = useState(false);
  const [browserDrop, setBrowserDrop] = useState(false);

  // A file dropped beside the zone would otherwise make the window show (or, in a browser, download) it.
  useEffect(() => {
    const stop = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', stop);
    window.addEventListener('drop', stop);
    return () => {
      window.removeEventListener('dragover', stop);
      window.removeEventListener('drop', stop);
    };
  }, []);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const paths = droppedPaths(event.dataTransfer.files);
    setBrowserDrop(paths === null);
    if (paths !== null && paths.length > 0 && !disabled) onPaths(paths);
  };

  return (
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}${disabled ? ' drop-zone-disabled' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <p className="drop-zone-title">Drop videos or folders here</p>
      <p className="hint">Folders are searched inside; files the platform does not take are listed with the reason.</p>
      {browserDrop && (
        <p className="warning" role="status" data-testid="browser-drop-note">
          In a browser, dropped files cannot be added: the browser does not tell the app where they are. Use the desktop app to drop them, or type the folder's path
          below, or choose it with Browse.
        </p>
      )}
    </div>
  );
}
