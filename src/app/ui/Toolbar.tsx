import { useEffect } from 'react';
import { useApp, type Tool } from '../state/store';

const TOOLS: [Tool, string, string][] = [
  ['select', 'Select', 'Drag corners and windows'],
  ['draw', 'Draw room', 'Click corners; click the first one to close'],
  ['window', 'Add window', 'Click a wall'],
];

/**
 * Tools, undo and redo, with their keyboard shortcuts: Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y, Escape, Delete (the
 * selected window), ←/→ (move the selected window along its wall), Enter (close the outline being drawn).
 */
export function Toolbar(): React.JSX.Element {
  const tool = useApp((s) => s.tool);
  const canUndo = useApp((s) => s.past.length > 0);
  const canRedo = useApp((s) => s.future.length > 0);
  const { setTool, undo, redo } = useApp.getState();
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const typing = (e.target as HTMLElement | null)?.closest('input, textarea, select');
      if (typing) return;
      const st = useApp.getState();
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        if (e.shiftKey) st.redo();
        else st.undo();
      } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') {
        e.preventDefault();
        st.redo();
      } else if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && st.selectedWindow) {
        // Keyboard access to the plan: the selected window moves along its wall, 5 cm (50 cm with Shift).
        e.preventDefault();
        const id = st.selectedWindow;
        const step = (e.key === 'ArrowRight' ? 1 : -1) * (e.shiftKey ? 0.5 : 0.05);
        st.edit((s) => ({
          ...s,
          windows: s.windows.map((w) =>
            w.id === id ? { ...w, offset: Math.round((w.offset + step) * 1e6) / 1e6 } : w,
          ),
        }));
      } else if (e.key === 'Escape') st.setTool('select');
      else if ((e.key === 'Delete' || e.key === 'Backspace') && st.selectedWindow) {
        const id = st.selectedWindow;
        st.edit((s) => ({ ...s, windows: s.windows.filter((w) => w.id !== id) }));
        st.select(null);
      } else if (e.key === 'Enter' && st.tool === 'draw' && (st.drawing?.length ?? 0) >= 3) {
        const pts = st.drawing!;
        st.edit((s) => ({ ...s, outline: pts, windows: [] }));
        st.setTool('select');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="toolbar" role="toolbar" aria-label="Plan tools">
      {TOOLS.map(([t, label, title]) => (
        <button
          key={t}
          type="button"
          aria-pressed={tool === t}
          title={title}
          onClick={() => setTool(t)}
          data-testid={`tool-${t}`}
        >
          {label}
        </button>
      ))}
      {/* aria-disabled, not disabled: a button disabled as it runs out drops the keyboard's focus to the
          page's top (an undo or redo with nothing left does nothing). */}
      <button type="button" onClick={undo} aria-disabled={!canUndo} title="Undo (Ctrl+Z)" data-testid="undo">
        Undo
      </button>
      <button
        type="button"
        onClick={redo}
        aria-disabled={!canRedo}
        title="Redo (Ctrl+Shift+Z)"
        data-testid="redo"
      >
        Redo
      </button>
    </div>
  );
}
