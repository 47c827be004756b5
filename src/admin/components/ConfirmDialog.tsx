import { useStore } from '@nanostores/react';
import { useId, useRef } from 'react';
import { Dialog, ModalHead } from '../../shared/modals/Dialog.tsx';
import { t } from '../app/texts.ts';
import { $confirm, answerConfirm } from './confirm-store.ts';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  destructive?: boolean | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The product's own confirmation dialog (the site's modal `Dialog`: focus trapped, Escape and the
 * backdrop cancel). Focus starts on the close button, so Enter never deletes by accident.
 */
export function ConfirmDialog({ open, title, message, confirmLabel, destructive = true, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} labelledBy={`${id}-title`}>
      <div className="adm-confirm" data-testid="confirm-dialog">
        <ModalHead id={`${id}-title`} title={title} closeLabel={t('confirm.close')} onClose={onCancel} />
        <p>{message}</p>
        <div className="adm-actions adm-actions--end">
          <button type="button" className="adm-btn" onClick={onCancel}>
            {t('confirm.cancel')}
          </button>
          <button type="button" className={`adm-btn ${destructive ? 'adm-btn--danger' : 'adm-btn--primary'}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** Shows the confirmations asked with `confirmAction` (mounted once, in the layout). */
export function ConfirmHost() {
  const request = useStore($confirm);
  // Keeps the texts while the dialog fades out.
  const last = useRef(request);
  if (request) last.current = request;
  const shown = request ?? last.current;
  return (
    <ConfirmDialog
      open={request !== null}
      title={shown?.title ?? ''}
      message={shown?.message ?? ''}
      confirmLabel={shown?.confirmLabel ?? ''}
      destructive={shown?.destructive}
      onConfirm={() => answerConfirm(true)}
      onCancel={() => answerConfirm(false)}
    />
  );
}
