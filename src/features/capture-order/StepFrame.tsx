import { useEffect, useRef, type ReactNode } from 'react';
import { STEPS, stepCount, T, type StepId } from './texts.ts';

/** Props of one step's frame. */
export interface StepFrameProps {
  step: StepId;
  /** The step's form: Next submits it (so Enter in a field does too). */
  formId?: string;
  onBack?: (() => void) | undefined;
  /** Where Back goes when it is a link (the first step goes back to the landing page). */
  backHref?: string | undefined;
  nextLabel?: string;
  busy?: boolean;
  busyLabel?: string;
  nextDisabled?: boolean;
  /** Replaces Back and Next (the summary step). */
  actions?: ReactNode;
  lede?: ReactNode;
  children: ReactNode;
}

/** Whether a step was shown on this page already (the first one keeps the page's normal focus). */
let stepShown = false;

/**
 * One step of the flow: 'Step X of Y', the step's title (focused when the step opens, so screen
 * readers and keyboard users start there), its content, and Back and Next (spec 2).
 */
export function StepFrame({
  step,
  formId,
  onBack,
  backHref,
  nextLabel = T.next,
  busy = false,
  busyLabel = T.saving,
  nextDisabled = false,
  actions,
  lede,
  children,
}: StepFrameProps) {
  const index = STEPS.findIndex((s) => s.id === step);
  const info = STEPS[index] ?? STEPS[0];
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${stepCount(index + 1, STEPS.length)}: ${info.title} | Discover`;
    // Not on the page's first step (it starts at the top, like any page); on every change of step.
    if (stepShown) title.current?.focus();
    stepShown = true;
  }, [index, info.title]);
  return (
    <section className="co-step" aria-labelledby="co-step-title">
      <header>
        <p className="co-step__count">{stepCount(index + 1, STEPS.length)}</p>
        <h1 className="co-step__title" id="co-step-title" ref={title} tabIndex={-1}>
          {info.title}
        </h1>
        {lede && <p className="co-step__lede">{lede}</p>}
      </header>
      {children}
      <div className="co-nav">
        {actions ?? (
          <>
            {backHref ? (
              <a className="btn btn-outline" href={backHref}>
                {T.back}
              </a>
            ) : (
              <button type="button" className="btn btn-outline" onClick={onBack} disabled={busy}>
                {T.back}
              </button>
            )}
            <button type="submit" form={formId} className="btn btn-primary co-nav__next" disabled={busy || nextDisabled}>
              {busy ? busyLabel : nextLabel}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

/** The progress bar: every step, done ones and the current one marked. */
export function Progress({ step }: { step: StepId }) {
  const index = STEPS.findIndex((s) => s.id === step);
  return (
    <ol className="co-progress" aria-label="Order progress">
      {STEPS.map((s, i) => (
        <li key={s.id} data-state={i < index ? 'done' : i === index ? 'current' : 'todo'} aria-current={i === index ? 'step' : undefined}>
          <span className="co-progress__label">
            {s.label}
            {i < index && <span className="visually-hidden"> (done)</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
