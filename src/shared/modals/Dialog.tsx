import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** How long the fade in and out takes (spec 2: 200 ms). */
export const MODAL_FADE_MS = 200;

/** Props of a modal dialog. */
export interface DialogProps {
  open: boolean;
  /** Escape, the backdrop or the close button: the owner decides (e.g. removes the hash). */
  onClose: () => void;
  /** Id of the element that names the dialog. */
  labelledBy: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>`: `showModal()` makes the rest of the page inert (focus is
 * trapped inside) and puts it in the top layer. It fades in and out over 200 ms, blocks page scroll
 * while open, closes on Escape and backdrop clicks, and gives focus back to what had it before.
 */
export function Dialog({ open, onClose, labelledBy, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (open) {
      setMounted(true);
      return undefined;
    }
    setShown(false);
    const timer = window.setTimeout(() => setMounted(false), MODAL_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !mounted || !open || dialog.open) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    document.documentElement.classList.add('du-modal-open');
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, [mounted, open]);

  useLayoutEffect(() => {
    if (mounted) return;
    // Closed and faded out: the page scrolls again and focus goes back where it was.
    document.documentElement.classList.remove('du-modal-open');
    const back = returnTo.current;
    returnTo.current = null;
    if (back && back.isConnected) back.focus();
  }, [mounted]);

  if (!mounted) return null;
  return (
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions -- Escape closes too (onCancel)
    <dialog
      ref={ref}
      className={`du-dialog${shown ? ' du-dialog--shown' : ''}`}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        close.current();
      }}
      // A click on the backdrop closes (spec 2); Escape is the keyboard way (onCancel above).
      onClick={(e) => {
        if (e.target === e.currentTarget) close.current();
      }}
    >
      <div className="du-dialog__panel">{children}</div>
    </dialog>
  );
}

/** The head of a modal: its title (the dialog's name) and a close button. */
export function ModalHead({ id, title, closeLabel, onClose }: { id: string; title: string; closeLabel: string; onClose: () => void }) {
  return (
    <header className="du-dialog__head">
      <h2 id={id}>{title}</h2>
      <button type="button" className="du-icon-btn" aria-label={closeLabel} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </header>
  );
}
