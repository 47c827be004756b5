import type { TextValues } from '../lib/i18n.ts';
import type { OrderedResource, OrderedRow } from '../lib/ordered-resource.ts';
import { FormActions } from './fields.tsx';
import { useConfirmedRemove, type RemoveKey } from './OrderedList.tsx';

/** Props of {@link EditorActions}. */
export interface EditorActionsProps<T extends OrderedRow> {
  resource: OrderedResource<T>;
  /** The section's texts: `form.save`, `form.create`, `form.cancel`, `form.delete` and the delete's. */
  t: (key: RemoveKey | 'form.save' | 'form.create' | 'form.cancel' | 'form.delete', values?: TextValues) => string;
  /** The saved row being edited; none on the create page (no Delete then). */
  id: string | undefined;
  /** The form is being saved. */
  saving: boolean;
  /** Ends the form's prevent-leave mode (from `useSavingForm`). */
  release: () => void;
  /** Leaves the editor (back to the list). */
  done: () => void;
}

/**
 * The button row ending an ordered resource's editor (Pencil banner, Carousel, Featured Tags): Save
 * or Create, Cancel, and for a saved row Delete, asked first; every button waits while one works.
 */
export function EditorActions<T extends OrderedRow>({ resource, t, id, saving, release, done }: EditorActionsProps<T>) {
  const { remove, isPending } = useConfirmedRemove(resource, t);
  const busy = saving || isPending;
  const leave = () => {
    release();
    done();
  };
  return (
    <FormActions>
      <button type="submit" className="adm-btn adm-btn--primary" disabled={busy}>
        {id ? t('form.save') : t('form.create')}
      </button>
      <button type="button" className="adm-btn" disabled={busy} onClick={leave}>
        {t('form.cancel')}
      </button>
      {id && (
        <button type="button" className="adm-btn adm-btn--danger-outline adm-push-end" disabled={busy} onClick={() => void remove([id], leave)}>
          {t('form.delete')}
        </button>
      )}
    </FormActions>
  );
}
