import { formResolver } from '../../../lib/form-resolver.ts';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ResponseError } from '../../../../client/http.ts';
import { PATHS } from '../../../app/paths.ts';
import { t as appT } from '../../../app/texts.ts';
import { FormActions, FormError } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReorderList } from '../../../components/ReorderList.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { usePreventLeave } from '../../../components/use-prevent-leave.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useCreateCollection } from '../api/create-collection.ts';
import { t } from '../texts.ts';
import { ChildPicker, ChildRow, type ChildItem } from './ChildPicker.tsx';
import { CollectionFields, CollectionFieldsInput, FIELD_NAMES, NEW_FIELDS } from './CollectionFields.tsx';
import '../collections.css';

/** /admin/collections/create ('Make Featured Collection'): the fields and the first items, in order, then the edit page. */
export function CollectionCreate() {
  const navigate = useNavigate();
  const form = useForm<CollectionFieldsInput>({ resolver: formResolver(CollectionFieldsInput), defaultValues: NEW_FIELDS });
  const [children, setChildren] = useState<ChildItem[]>([]);
  const [childError, setChildError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateCollection();
  const type = useWatch({ control: form.control, name: 'type' });
  const dirty = form.formState.isDirty || children.length > 0;
  // The leave dialog's 'Save changes' runs the latest save; a made collection releases the guard before moving to its page.
  const saveRef = useRef<() => Promise<boolean>>(() => Promise.resolve(false));
  const release = usePreventLeave(dirty, () => saveRef.current());

  const save = async (values: CollectionFieldsInput): Promise<boolean> => {
    setFormError(null);
    setChildError(undefined);
    try {
      const made = await create.mutateAsync({
        name: values.name,
        description: values.description || null,
        translations: values.translations ?? {},
        type: values.type,
        isActive: values.isActive,
        metaTitle: values.metaTitle || null,
        metaDescription: values.metaDescription || null,
        priority: values.priority,
        children: children.map((c, order) => ({ id: c.id, order })),
      });
      release();
      notifySuccess(t('created', { name: made.name }));
      void navigate(PATHS.collection(made.id), { replace: true });
      return true;
    } catch (error) {
      // A child the API refuses (`json.children.3.id`) is shown under the items.
      const childProblem = error instanceof ResponseError ? error.fields.find((f) => f.path.startsWith('json.children')) : undefined;
      const rest = applyApiError(error, form.setError, FIELD_NAMES);
      if (childProblem) setChildError(childProblem.message);
      else setFormError(rest);
      return false;
    }
  };
  useEffect(() => {
    saveRef.current = async () => ((await form.trigger()) ? save(form.getValues()) : false);
  });
  const move = (item: ChildItem, to: number) =>
    setChildren((list) => {
      const next = list.filter((c) => c.id !== item.id);
      next.splice(to, 0, item);
      return next;
    });

  return (
    <>
      <PageHeader title={t('create.title')} back={{ to: PATHS.collections, title: t('title') }} />
      <form className="adm-form" noValidate onSubmit={(e) => void form.handleSubmit(save)(e)}>
        <section className="adm-card adm-stack">
          <CollectionFields form={form} typeLocked={children.length > 0} />
        </section>
        <section className="adm-card adm-stack" aria-labelledby="col-create-items">
          <h2 id="col-create-items" className="col-h2">
            {t('children.title')}
          </h2>
          {children.length ? (
            <ReorderList
              label={t('children.label')}
              items={children}
              getId={(c) => c.id}
              itemName={(c) => c.name}
              onMove={move}
              renderItem={(c) => (
                <ChildRow item={c}>
                  <button
                    type="button"
                    className="adm-btn adm-btn--sm adm-btn--danger-outline"
                    aria-label={t('children.removeLabel', { name: c.name })}
                    onClick={() => setChildren((l) => l.filter((x) => x.id !== c.id))}
                  >
                    {t('children.remove')}
                  </button>
                </ChildRow>
              )}
            />
          ) : (
            <p className="adm-muted">{type === 'COLLECTION' ? t('children.emptyCollections') : t('children.empty')}</p>
          )}
          <ChildPicker
            type={type}
            exclude={children.map((c) => c.id)}
            error={childError}
            onPick={(item) => {
              setChildError(undefined);
              setChildren((l) => (l.some((c) => c.id === item.id) ? l : [...l, item]));
            }}
          />
        </section>
        <FormError message={formError} />
        <FormActions>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={create.isPending}>
            {create.isPending ? appT('form.saving') : t('create')}
          </button>
        </FormActions>
      </form>
    </>
  );
}
