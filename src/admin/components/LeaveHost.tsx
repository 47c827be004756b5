import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Dialog, ModalHead } from '../../shared/modals/Dialog.tsx';
import { $leaveGuard, $leavePrompt, answerLeave, confirmLeave } from '../../shared/modals/prevent-leave-store.ts';
import { t } from '../app/texts.ts';

/**
 * The console's host of the leave prompt (the public site's is part of a feature, which admin may
 * not import): blocks router navigation while prevent-leave mode is on, asks, then goes on or stays.
 */
export function LeaveHost() {
  const prompt = useStore($leavePrompt);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      $leaveGuard.get() !== null && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmLeave().then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);
  return (
    <Dialog open={prompt !== null} onClose={() => void answerLeave('stay')} labelledBy="adm-leave-title">
      <div className="adm-confirm" data-testid="leave-dialog">
        <ModalHead id="adm-leave-title" title={t('leave.title')} closeLabel={t('confirm.close')} onClose={() => void answerLeave('stay')} />
        <div className="adm-actions adm-actions--end">
          <button type="button" className="adm-btn" onClick={() => void answerLeave('leave')}>
            {t('leave.leave')}
          </button>
          <button type="button" className="adm-btn adm-btn--primary" onClick={() => void answerLeave('save')}>
            {t('leave.save')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
