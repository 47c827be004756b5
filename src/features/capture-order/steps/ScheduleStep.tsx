import { useEffect, useState } from 'react';
import type { Slot } from '../../../domain/capture.ts';
import { browserHttp } from '../../../shared/session/browser-http.ts';
import { holdSlot } from '../../../client/capture.ts';
import { CAPTURE_PATHS } from '../paths.ts';
import { updateDraft, type Draft } from '../draft-store.ts';
import { countdown, formatAppointment } from '../format.ts';
import { SlotPicker } from '../SlotPicker.tsx';
import { StepFrame } from '../StepFrame.tsx';
import { T } from '../texts.ts';
import { Alert } from '../ui.tsx';
import { codeOf, messageOf } from '../validate.ts';

/** Ticks once a second while `on`, for countdowns. */
export function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [on]);
  return now;
}

/**
 * Step 3, 'Choose a time': the free starts in the property's time zone; picking one holds it for
 * 10 minutes (a countdown shows how long), and Next needs a live hold (an ended one is renewed if
 * the time is still free).
 */
export function ScheduleStep({ draft, onBack, onDone }: { draft: Draft; onBack: () => void; onDone: () => void }) {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<{ text: string; code: string | null } | null>(null);
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState(false);
  const hold = draft.hold;
  const now = useNow(Boolean(hold));
  const expired = hold ? new Date(hold.expiresAt).getTime() <= now : false;
  const address = draft.address;
  const property = draft.property;
  if (!address || !property) return null;

  const take = async (start: string): Promise<boolean> => {
    setError(null);
    setPending(start);
    try {
      const h = await holdSlot(browserHttp(), { address, property, start });
      updateDraft({ hold: h });
      return true;
    } catch (e) {
      setError({ text: messageOf(e), code: codeOf(e) });
      if (codeOf(e) === 'SLOT_UNAVAILABLE') {
        updateDraft({ hold: null });
        setReload((n) => n + 1);
      }
      return false;
    } finally {
      setPending(null);
    }
  };

  const next = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!hold) {
      setError({ text: T.schedule.chooseTime, code: null });
      return;
    }
    if (expired) {
      setBusy(true);
      const ok = await take(hold.start);
      setBusy(false);
      if (!ok) return;
    }
    onDone();
  };

  return (
    <StepFrame step="schedule" formId="co-schedule-form" onBack={onBack} busy={busy || pending !== null} lede={T.schedule.lede}>
      <form id="co-schedule-form" className="co-form" noValidate onSubmit={(e) => void next(e)}>
        <SlotPicker
          address={address}
          property={property}
          selected={hold && !expired ? hold.start : null}
          held={hold && !expired ? hold : null}
          pending={pending}
          reload={reload}
          onPick={(s: Slot) => void take(s.start)}
        />
      </form>
      {hold && !expired && (
        <Alert kind="success" quiet>
          <p>
            <strong>{formatAppointment(hold)}</strong>
          </p>
          <p>{T.schedule.holding(countdown(hold.expiresAt, now))}</p>
        </Alert>
      )}
      {hold && expired && (
        <Alert kind="warn">
          <p>{T.schedule.holdEnded}</p>
        </Alert>
      )}
      {error && (
        <Alert kind="error">
          <p>{error.text}</p>
          {/* At the cap of upcoming orders the way on is the dashboard, where an order can be cancelled. */}
          {error.code === 'ORDER_LIMIT_REACHED' && (
            <p>
              <a className="btn btn-outline btn-sm" href={CAPTURE_PATHS.dashboard}>
                {T.done.dashboard}
              </a>
            </p>
          )}
        </Alert>
      )}
    </StepFrame>
  );
}
