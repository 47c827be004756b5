import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AddressInputIn, PropertyDetailsInputIn } from '../../../domain/capture.ts';
import { EXCEEDED_MAX_PROPERTY_SIZE_MESSAGE, TOO_LARGE_TITLE } from '../../../domain/capture-rules.ts';
import type { CurrentUser } from '../../../domain/session.ts';
import { Dialog, ModalHead } from '../../../shared/modals/Dialog.tsx';
import { browserHttp } from '../../../shared/session/browser-http.ts';
import { contactSales } from '../../../client/capture.ts';
import { T } from '../texts.ts';
import { Alert, Field } from '../ui.tsx';
import { applyApiErrors, lazyResolver } from '../validate.ts';
import '../../../shared/modals/modals.css';

type SalesValues = { firstName: string; lastName: string; email: string; phone: string; company: string; message: string };

/** Props of the too-large modal. */
export interface TooLargeProps {
  open: boolean;
  user: CurrentUser;
  address: AddressInputIn | null;
  property: PropertyDetailsInputIn;
  onClose: () => void;
  onOtherAddress: () => void;
}

/**
 * 'Oops, the space is too large' (spec 5, 8): the over-the-limit message with 'Talk to Sales' (a
 * contact form stored for the sales team) and 'Check Another Address' (back to step 1).
 */
export function TooLargeDialog({ open, user, address, property, onClose, onOtherAddress }: TooLargeProps) {
  const [talking, setTalking] = useState(false);
  const close = () => {
    setTalking(false);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} labelledBy="co-too-large-title">
      <ModalHead id="co-too-large-title" title={TOO_LARGE_TITLE} closeLabel={T.property.tooLarge.close} onClose={close} />
      <p>{EXCEEDED_MAX_PROPERTY_SIZE_MESSAGE}</p>
      {talking ? (
        <SalesForm user={user} address={address} property={property} />
      ) : (
        <div className="du-row">
          <button type="button" className="btn btn-primary" onClick={() => setTalking(true)}>
            {T.property.tooLarge.talk}
          </button>
          <button type="button" className="btn btn-outline" onClick={onOtherAddress}>
            {T.property.tooLarge.another}
          </button>
        </div>
      )}
    </Dialog>
  );
}

/** 'Talk to Sales': who to call back, about this address and property. */
function SalesForm({ user, address, property }: { user: CurrentUser; address: AddressInputIn | null; property: PropertyDetailsInputIn }) {
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, setFocus } = useForm<SalesValues>({
    defaultValues: { firstName: user.first_name, lastName: user.last_name, email: user.email, phone: '', company: '', message: '' },
    resolver: lazyResolver<SalesValues>((s) => s.SalesContactInput.omit({ address: true, property: true })),
  });
  const { errors, isSubmitting } = formState;
  // The names and email come from the account: the phone is the first thing to fill in.
  useEffect(() => setFocus('phone'), [setFocus]);
  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const spaces = property.spaces.map((s) => ({ name: s.name ?? '', size: Number.isFinite(s.size) && s.size > 0 ? s.size : 0 }));
      const r = await contactSales(browserHttp(), { ...v, ...(address ? { address } : {}), property: { ...property, spaces } });
      setDone(r.message);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['firstName', 'lastName', 'email', 'phone', 'company', 'message']));
    }
  });
  if (done)
    return (
      <Alert kind="success">
        <p>{done}</p>
      </Alert>
    );
  const tl = T.property.tooLarge;
  return (
    <form className="co-form" noValidate aria-label={tl.talk} onSubmit={(e) => void onSubmit(e)}>
      <p className="co-hint">{tl.salesLede}</p>
      <div className="co-grid co-grid--2">
        <Field id="co-sales-first" label={T.contact.firstName} required error={errors.firstName?.message}>
          {(p) => <input className="co-input" autoComplete="given-name" {...p} {...register('firstName')} />}
        </Field>
        <Field id="co-sales-last" label={T.contact.lastName} required error={errors.lastName?.message}>
          {(p) => <input className="co-input" autoComplete="family-name" {...p} {...register('lastName')} />}
        </Field>
        <Field id="co-sales-email" label={T.contact.email} required error={errors.email?.message}>
          {(p) => <input className="co-input" type="email" autoComplete="email" {...p} {...register('email')} />}
        </Field>
        <Field id="co-sales-phone" label={tl.phone} optional error={errors.phone?.message}>
          {(p) => <input className="co-input" type="tel" autoComplete="tel" {...p} {...register('phone')} />}
        </Field>
        <Field id="co-sales-company" label={tl.company} optional error={errors.company?.message} wide>
          {(p) => <input className="co-input" autoComplete="organization" {...p} {...register('company')} />}
        </Field>
        <Field id="co-sales-message" label={tl.message} optional error={errors.message?.message} wide>
          {(p) => <textarea className="co-textarea" {...p} {...register('message')} />}
        </Field>
      </div>
      {formError && <Alert kind="error">{formError}</Alert>}
      <div className="du-row du-row--end">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {tl.send}
        </button>
      </div>
    </form>
  );
}
