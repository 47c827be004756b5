import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { EXCLUDES_TAX_NOTE } from '../../domain/capture-rules.ts';
import type { CurrentUser } from '../../domain/session.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { releaseHold } from '../../client/capture.ts';
import { $draft, loadDraft, reachableStep, resetDraft, updateDraft, type Draft } from './draft-store.ts';
import { formatAppointment, formatSize } from './format.ts';
import { CAPTURE_PATHS } from './paths.ts';
import { Progress } from './StepFrame.tsx';
import { AddressStep } from './steps/AddressStep.tsx';
import { CheckoutStep } from './steps/CheckoutStep.tsx';
import { ContactStep } from './steps/ContactStep.tsx';
import { PropertyStep } from './steps/PropertyStep.tsx';
import { ReviewStep } from './steps/ReviewStep.tsx';
import { ScheduleStep } from './steps/ScheduleStep.tsx';
import { SummaryStep } from './steps/SummaryStep.tsx';
import { STEPS, T, type StepId } from './texts.ts';
import { Icon, PageState, PATHS } from './ui.tsx';
import { useSignedIn } from './use-signed-in.ts';
import { preloadSchemas } from './validate.ts';
import '../../shared/modals/modals.css';
import './capture.css';

const isStep = (v: string | null): v is StepId => STEPS.some((s) => s.id === v);
/** The area `?country=&city=` names (Find a 3D Pro's 'Book a capture' links, `orderQueryFor`), or null. */
const areaInUrl = (): { countryCode: string; city: string } | null => {
  const q = new URLSearchParams(location.search);
  const countryCode = (q.get('country') ?? '').trim().toUpperCase();
  const city = (q.get('city') ?? '').trim().slice(0, 120);
  return /^[A-Z]{2}$/.test(countryCode) ? { countryCode, city } : null;
};
const stepInUrl = (): StepId | null => {
  const v = new URLSearchParams(location.search).get('step');
  return isStep(v) ? v : null;
};

/**
 * /capture/order: the ordering flow (spec 2), a signed-in island on a static shell. Seven steps,
 * each 'Step X of Y' with Back and Next; the place in the flow is `?step=` (the browser's Back
 * works) and what was entered survives a reload (sessionStorage, per user).
 */
function OrderFlow() {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const draft = useStore($draft);

  const session = useSignedIn();

  useEffect(() => {
    if (session.status !== 'ready') return;
    const u = session.user;
    let d = loadDraft(u.user_sid);
    const asked = stepInUrl();
    // A placed order stays on its summary on reload; coming back to the flow starts a new order.
    if (d.order && asked !== 'summary') d = resetDraft();
    // 'Book a capture' on Find a 3D Pro: the pro's area fills the address step (country and city).
    const area = areaInUrl();
    if (area && !asked) {
      if (d.hold) void releaseHold(browserHttp(), d.hold.id).catch(() => undefined);
      d = updateDraft({
        step: 'address',
        address: { countryCode: area.countryCode, city: area.city, isResidence: false },
        checked: null,
        hold: null,
        flash: null,
      });
    }
    const step = reachableStep(d, asked ?? d.step);
    updateDraft({ step });
    history.replaceState(history.state, '', `?step=${step}`);
    setUser(u);
  }, [session]);

  useEffect(() => {
    const onPop = () => {
      const d = $draft.get();
      updateDraft({ step: reachableStep(d, stepInUrl() ?? 'address') });
    };
    window.addEventListener('popstate', onPop);
    // The forms' schemas (zod) load at idle, so the first Next does not wait for them.
    const idle = window.requestIdleCallback?.(() => void preloadSchemas().catch(() => undefined)) ?? 0;
    return () => {
      window.removeEventListener('popstate', onPop);
      window.cancelIdleCallback?.(idle);
    };
  }, []);

  const go = useCallback((step: StepId) => {
    const next = reachableStep($draft.get(), step);
    updateDraft({ step: next });
    if (stepInUrl() !== next) history.pushState(null, '', `?step=${next}`);
    window.scrollTo({ top: 0 });
  }, []);

  if (!user) return <PageState failed={session.status === 'failed'} />;

  const step = draft.step;
  const index = STEPS.findIndex((s) => s.id === step);
  const back = () => go(STEPS[Math.max(0, index - 1)]?.id ?? 'address');
  const forward = () => go(STEPS[Math.min(STEPS.length - 1, index + 1)]?.id ?? 'summary');
  const otherAddress = () => {
    if (draft.hold) void releaseHold(browserHttp(), draft.hold.id).catch(() => undefined);
    updateDraft({ checked: null, hold: null, flash: null });
    go('address');
  };

  return (
    <div className="container co-page">
      <div className="co-head">
        <div className="co-head__top">
          <p className="kicker">{T.flowName}</p>
          <span className="co-head__secure">
            <Icon d={PATHS.lock} /> {T.secure}
          </span>
        </div>
        <Progress step={step} />
      </div>
      <div className={`co-layout${step === 'summary' ? ' co-layout--done' : ''}`}>
        <div className="co-card">
          {step === 'address' && <AddressStep draft={draft} user={user} backHref={CAPTURE_PATHS.landing} onCovered={() => go('property')} />}
          {step === 'property' && <PropertyStep draft={draft} user={user} onBack={back} onDone={forward} onOtherAddress={otherAddress} />}
          {step === 'schedule' && <ScheduleStep draft={draft} onBack={back} onDone={forward} />}
          {step === 'contact' && <ContactStep draft={draft} user={user} onBack={back} onDone={forward} />}
          {step === 'review' && <ReviewStep draft={draft} onBack={back} onEdit={go} onDone={forward} />}
          {step === 'checkout' && <CheckoutStep draft={draft} onBack={back} onDone={forward} onChooseTime={() => go('schedule')} />}
          {step === 'summary' && draft.order && (
            <SummaryStep order={draft.order} dashboardHref={CAPTURE_PATHS.dashboard} detailsHref={CAPTURE_PATHS.order(draft.order.id)} />
          )}
        </div>
        {step !== 'summary' && <OrderSummary draft={draft} />}
      </div>
    </div>
  );
}

/** The sidebar (below the step on narrow screens): what the order says so far and the price from. */
function OrderSummary({ draft }: { draft: Draft }) {
  const { checked, summary, hold, checkedContact } = draft;
  const empty = !checked && !summary && !hold && !checkedContact;
  return (
    <aside className="co-card co-summary" aria-labelledby="co-summary-title">
      <h2 id="co-summary-title">{T.summary.title}</h2>
      {empty ? (
        <p className="co-summary__empty">{T.summary.empty}</p>
      ) : (
        <dl>
          {checked && (
            <div>
              <dt>{T.summary.address}</dt>
              <dd>{checked.formatted.slice(0, -1).join(', ') || checked.place}</dd>
            </div>
          )}
          {summary && (
            <div>
              <dt>{T.summary.property}</dt>
              <dd>
                {T.property.types[summary.propertyType]} · {T.property.counter(summary.spaceCount, formatSize(summary.totalSize, summary.unit))}
              </dd>
            </div>
          )}
          {hold && (
            <div>
              <dt>{T.summary.time}</dt>
              <dd>{formatAppointment(hold)}</dd>
            </div>
          )}
          {checkedContact && (
            <div>
              <dt>{T.summary.contact}</dt>
              <dd>
                {checkedContact.firstName} {checkedContact.lastName} · {checkedContact.phoneDisplay}
              </dd>
            </div>
          )}
          {summary && (
            <div>
              <dt>{T.summary.price}</dt>
              <dd>
                <strong>{summary.startingPriceText}</strong> <span className="co-hint">({EXCLUDES_TAX_NOTE})</span>
              </dd>
            </div>
          )}
        </dl>
      )}
      <ul className="co-assure">
        {T.summary.assure.map((line) => (
          <li key={line}>
            <Icon d={PATHS.check} />
            {line}
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** The island, inside the error boundary every island has. */
export default function OrderFlowIsland() {
  return (
    <IslandBoundary locale="en" name="Capture order">
      <OrderFlow />
    </IslandBoundary>
  );
}
