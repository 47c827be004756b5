import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { PropertyDetailsInputIn } from '../../../domain/capture.ts';
import {
  EXCEEDED_MAX_PROPERTY_SIZE_MESSAGE,
  isOverMaxSize,
  MAX_PROPERTY_SQFT,
  MAX_SPACES,
  propertyTotals,
  SIZE_UNIT_LABELS,
  SIZE_UNITS,
  SQFT_PER_SQM,
  type SizeUnitValue,
} from '../../../domain/capture-rules.ts';
import type { CurrentUser } from '../../../domain/session.ts';
import { browserHttp } from '../../../shared/session/browser-http.ts';
import { checkProperty, releaseHold } from '../../../client/capture.ts';
import { defaultSizeUnit } from '../../../domain/capture-units.ts';
import { updateDraft, type Draft } from '../draft-store.ts';
import { formatSize } from '../format.ts';
import { StepFrame } from '../StepFrame.tsx';
import { T } from '../texts.ts';
import { Alert, Field, Icon, PATHS } from '../ui.tsx';
import { applyApiErrors, codeOf, lazyResolver } from '../validate.ts';
import { TooLargeDialog } from './TooLargeDialog.tsx';

type Values = { propertyType: 'RESIDENTIAL' | 'COMMERCIAL'; unit: SizeUnitValue; spaces: { name: string; size: number }[] };

/** The form's start: the draft's property, else a residential property in the unit of its country (m² but in the US, Liberia, Myanmar). */
const initial = (p: PropertyDetailsInputIn | null, countryCode: string | undefined): Values => ({
  propertyType: p?.propertyType ?? 'RESIDENTIAL',
  unit: p?.unit ?? defaultSizeUnit(countryCode),
  spaces: p?.spaces.map((s) => ({ name: s.name ?? '', size: s.size })) ?? [{ name: '', size: Number.NaN }],
});

/**
 * Step 2, property details: Residential or Commercial, the unit, several spaces with a name and a
 * size, and a live counter of how many and how large. Over 30,000 sq ft in all opens 'Oops, the
 * space is too large' with 'Talk to Sales' and 'Check Another Address'.
 */
export function PropertyStep({
  draft,
  user,
  onBack,
  onDone,
  onOtherAddress,
}: {
  draft: Draft;
  user: CurrentUser;
  onBack: () => void;
  onDone: () => void;
  onOtherAddress: () => void;
}) {
  const [tooLarge, setTooLarge] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, setError, getValues } = useForm<Values>({
    defaultValues: initial(draft.property, draft.checked?.countryCode ?? draft.address?.countryCode),
    resolver: lazyResolver<Values>((s) => s.PropertyDetailsInput),
  });
  const { errors, isSubmitting } = formState;
  const { fields, append, remove } = useFieldArray({ control, name: 'spaces' });
  const unit = useWatch({ control, name: 'unit' });
  const spaces = useWatch({ control, name: 'spaces' });
  const totals = propertyTotals(
    spaces.map((s) => ({ size: Number(s.size) || 0 })),
    unit,
  );
  const over = isOverMaxSize(totals.totalSquareFeet);
  const maxInUnit = unit === 'SQUARE_METER' ? Math.floor(MAX_PROPERTY_SQFT / SQFT_PER_SQM) : MAX_PROPERTY_SQFT;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (isOverMaxSize(propertyTotals(values.spaces, values.unit).totalSquareFeet)) {
      setTooLarge(true);
      return;
    }
    try {
      const summary = await checkProperty(browserHttp(), values);
      const same = JSON.stringify(draft.property) === JSON.stringify(values);
      if (!same && draft.hold) void releaseHold(browserHttp(), draft.hold.id).catch(() => undefined);
      updateDraft({ property: values, summary, flash: null, ...(same ? {} : { hold: null }) });
      onDone();
    } catch (error) {
      if (codeOf(error) === 'EXCEEDED_MAX_PROPERTY_SIZE') setTooLarge(true);
      else setFormError(applyApiErrors(error, setError, ['propertyType', 'unit', 'spaces']));
    }
  });

  return (
    <StepFrame
      step="property"
      formId="co-property-form"
      onBack={() => {
        updateDraft({ flash: null });
        onBack();
      }}
      busy={isSubmitting}
      lede={T.property.lede}
    >
      {draft.flash && (
        <Alert kind="success">
          <p>{draft.flash}</p>
        </Alert>
      )}
      <form id="co-property-form" className="co-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset className="co-fieldset">
          <legend>{T.property.type}</legend>
          <div className="co-choices">
            {(['RESIDENTIAL', 'COMMERCIAL'] as const).map((t) => (
              <label key={t} className="co-choice">
                <input type="radio" value={t} {...register('propertyType')} />
                <span>
                  {T.property.types[t]}
                  <small>{T.property.typeHints[t]}</small>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="co-fieldset">
          <legend>{T.property.unit}</legend>
          <div className="co-choices">
            {SIZE_UNITS.map((u) => (
              <label key={u} className="co-choice">
                <input type="radio" value={u} {...register('unit')} />
                <span>
                  {SIZE_UNIT_LABELS[u].long} ({SIZE_UNIT_LABELS[u].short})
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="co-fieldset">
          <legend>{T.property.spaces}</legend>
          <ul className="co-spaces">
            {fields.map((f, i) => (
              <li key={f.id} className="co-space">
                <fieldset className="co-fieldset">
                  <legend className="co-space__legend">{T.property.spaceLegend(i + 1)}</legend>
                  <div className="co-space__row">
                    <Field id={`co-space-${i}-name`} label={T.property.nameLabel} required={i > 0} optional={i === 0} error={errors.spaces?.[i]?.name?.message}>
                      {(p) => <input className="co-input" placeholder={T.property.spaceNamePlaceholder(i + 1)} {...p} {...register(`spaces.${i}.name`)} />}
                    </Field>
                    <Field
                      id={`co-space-${i}-size`}
                      label={`${T.property.sizeLabel} (${SIZE_UNIT_LABELS[unit].short})`}
                      required
                      error={errors.spaces?.[i]?.size?.message}
                    >
                      {(p) => (
                        <input
                          className="co-input"
                          type="number"
                          inputMode="decimal"
                          min={1}
                          step="any"
                          {...p}
                          {...register(`spaces.${i}.size`, { valueAsNumber: true })}
                        />
                      )}
                    </Field>
                    {i > 0 && (
                      <button type="button" className="du-icon-btn co-space__remove" aria-label={T.property.remove(i + 1)} onClick={() => remove(i)}>
                        <Icon d={PATHS.trash} />
                      </button>
                    )}
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
          {fields.length < MAX_SPACES && (
            <div>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => append({ name: '', size: Number.NaN }, { shouldFocus: true })}>
                <Icon d={PATHS.plus} /> {T.property.add}
              </button>
            </div>
          )}
        </fieldset>
        <div className="co-counter" data-over={over} aria-live="polite">
          <span>{T.property.counter(totals.count, formatSize(totals.totalSize, unit))}</span>
          <span className="co-hint">{T.property.limit(formatSize(maxInUnit, unit))}</span>
        </div>
        {over && (
          <Alert kind="warn">
            <p>{EXCEEDED_MAX_PROPERTY_SIZE_MESSAGE}</p>
          </Alert>
        )}
        {formError && <Alert kind="error">{formError}</Alert>}
      </form>
      <TooLargeDialog
        open={tooLarge}
        user={user}
        address={draft.address}
        property={getValues()}
        onClose={() => setTooLarge(false)}
        onOtherAddress={() => {
          setTooLarge(false);
          onOtherAddress();
        }}
      />
    </StepFrame>
  );
}
