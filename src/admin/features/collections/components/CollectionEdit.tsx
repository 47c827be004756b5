import { SITE_BASE } from '../../../../domain/urls.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ResponseError } from '../../../../client/http.ts';
import type { CollectionPatch } from '../../../../domain/admin-inputs.ts';
import { COLLECTION_TEXTS, type Collection, type CollectionChild } from '../../../../domain/collection.ts';
import { cleanTranslations } from '../../../../domain/locale-texts.ts';
import { PATHS } from '../../../app/paths.ts';
import { t as appT } from '../../../app/texts.ts';
import { confirmAction } from '../../../components/confirm-store.ts';
import { FormActions, FormError } from '../../../components/fields.tsx';
import { DetailState } from '../../../components/DetailState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReorderList } from '../../../components/ReorderList.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { usePreventLeave } from '../../../components/use-prevent-leave.ts';
import { errorMessage } from '../../../lib/api.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useDeleteCollections } from '../api/delete-collections.ts';
import { useCollection } from '../api/get-collection.ts';
import { useReorderCollectionChildren } from '../api/reorder-collection-children.ts';
import { useUpdateCollection } from '../api/update-collection.ts';
import { t } from '../texts.ts';
import { ChildPicker, ChildRow, type ChildItem } from './ChildPicker.tsx';
import { CollectionFields, CollectionFieldsInput, FIELD_NAMES, fieldsOf } from './CollectionFields.tsx';
import { useConstructAction } from './CollectionsList.tsx';
import '../collections.css';

/** A stored child as the editor lists it (a deleted item has neither space nor collection). */
function childItem(c: CollectionChild, index: number): ChildItem {
  if (c.space) {
    const s = c.space;
    return { id: s.id, name: s.name, detail: [s.modelId, s.city, s.countryName].filter(Boolean).join(' · '), thumbnail: s.images.thumbnail };
  }
  if (c.collection) {
    const k = c.collection;
    return { id: k.id, name: k.name, detail: `${t('items', { count: k.childrenCount })} · ${k.sid}`, thumbnail: k.coverUrl };
  }
  return { id: `missing-${index}`, name: t('children.missing'), detail: '', thumbnail: null };
}

/** /admin/collections/{collectionId} ('Edit Featured Collection'): fields with 70/320 counters, items (add, remove, reorder), construct, delete. */
export function CollectionEdit() {
  const { collectionId = '' } = useParams();
  const collection = useCollection(collectionId);
  const back = { to: PATHS.collections, title: t('title') };
  if (collection.isPending || collection.error)
    return <DetailState title={t('edit.title')} back={back} query={collection} notFound={t('edit.notFound', { id: collectionId })} />;
  return <Editor collection={collection.data} routeId={collectionId} />;
}

function Editor({ collection: c, routeId }: { collection: Collection; routeId: string }) {
  const navigate = useNavigate();
  const remove = useDeleteCollections();
  const construct = useConstructAction();

  const onDelete = async () => {
    const ok = await confirmAction({
      title: t('delete.title', { count: 1, name: c.name }),
      message: t('delete.text'),
      confirmLabel: t('delete.confirm', { count: 1 }),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync([c.id]);
      notifySuccess(t('bulk.deleted', { count: 1 }));
      void navigate(PATHS.collections);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <>
      <PageHeader
        title={t('edit.title')}
        back={{ to: PATHS.collections, title: t('title') }}
        description={t('edit.facts', { type: t(`type.${c.type}`), sid: c.sid, status: c.isActive ? t('status.active') : t('status.inactive') })}
        actions={
          <>
            <a className="adm-btn" href={`${SITE_BASE}/collection/${encodeURIComponent(c.sid)}`} target="_blank" rel="noopener">
              {t('edit.public')}
              <span className="adm-sr-only"> {t('edit.publicNote')}</span>
            </a>
            <button type="button" className="adm-btn adm-btn--danger-outline" disabled={remove.isPending} onClick={() => void onDelete()}>
              {t('edit.delete')}
            </button>
          </>
        }
      />
      <div className="col-edit">
        <FieldsForm key={c.id} collection={c} />
        <section className="adm-card adm-stack" aria-labelledby="col-items">
          <div className="col-items-head">
            <h2 id="col-items" className="col-h2">
              {t('children.title')} <span className="adm-muted">({c.children.totalResults})</span>
            </h2>
            <div className="adm-actions">
              {c.type === 'SPACE' && (
                <Link className="adm-btn adm-btn--sm" to={`${PATHS.collectionAdd}?collectionId=${encodeURIComponent(c.id)}`}>
                  {t('edit.addSpaces')}
                </Link>
              )}
              <button type="button" className="adm-btn adm-btn--sm" disabled={construct.pending} onClick={() => void construct.run()}>
                {t('construct')}
              </button>
            </div>
          </div>
          <Children collection={c} routeId={routeId} />
        </section>
      </div>
    </>
  );
}

/** The changed fields as a PATCH body (only those are sent). */
function patchOf(c: Collection, v: CollectionFieldsInput): CollectionPatch {
  const before = fieldsOf(c);
  const out: CollectionPatch = {};
  if (v.name !== before.name) out.name = v.name;
  if (v.description !== before.description) out.description = v.description || null;
  const translations = cleanTranslations(v.translations, COLLECTION_TEXTS);
  if (JSON.stringify(translations) !== JSON.stringify(before.translations)) out.translations = translations;
  if (v.type !== before.type) out.type = v.type;
  if (v.isActive !== before.isActive) out.isActive = v.isActive;
  if (v.metaTitle !== before.metaTitle) out.metaTitle = v.metaTitle || null;
  if (v.metaDescription !== before.metaDescription) out.metaDescription = v.metaDescription || null;
  if (v.priority !== before.priority) out.priority = v.priority;
  return out;
}

function FieldsForm({ collection: c }: { collection: Collection }) {
  const form = useForm<CollectionFieldsInput>({ resolver: formResolver(CollectionFieldsInput), defaultValues: fieldsOf(c) });
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateCollection();
  const save = async (values: CollectionFieldsInput): Promise<boolean> => {
    setFormError(null);
    const input = patchOf(c, values);
    if (!Object.keys(input).length) {
      form.reset(values);
      notifySuccess(t('nothingChanged'));
      return true;
    }
    try {
      await update.mutateAsync({ id: c.id, input });
      // The saved values become the form's new starting point (this ends prevent-leave mode); item changes keep unsaved field edits.
      form.reset(values);
      notifySuccess(t('saved'));
      return true;
    } catch (error) {
      setFormError(applyApiError(error, form.setError, FIELD_NAMES));
      return false;
    }
  };
  usePreventLeave(form.formState.isDirty, async () => ((await form.trigger()) ? save(form.getValues()) : false));
  return (
    <form className="adm-card adm-stack" noValidate aria-label={t('edit.title')} onSubmit={(e) => void form.handleSubmit(save)(e)}>
      <CollectionFields form={form} typeLocked={c.children.totalResults > 0} />
      <FormError message={formError} />
      <FormActions>
        <button type="button" className="adm-btn adm-btn--ghost" disabled={!form.formState.isDirty} onClick={() => form.reset(fieldsOf(c))}>
          {t('reset')}
        </button>
        <button type="submit" className="adm-btn adm-btn--primary" disabled={update.isPending}>
          {update.isPending ? appT('form.saving') : t('save')}
        </button>
      </FormActions>
    </form>
  );
}

/** The items: each change (add, remove, move) is saved at once. */
function Children({ collection: c, routeId }: { collection: Collection; routeId: string }) {
  const update = useUpdateCollection();
  const reorder = useReorderCollectionChildren(routeId);
  const [pickError, setPickError] = useState<string | undefined>(undefined);
  const items = c.children.results.map(childItem);
  const known = items.filter((i) => !i.id.startsWith('missing-'));

  const saveChildren = (ids: string[]) => update.mutateAsync({ id: c.id, input: { children: ids.map((id) => ({ id })) } });
  const onAdd = async (item: ChildItem) => {
    setPickError(undefined);
    if (known.some((k) => k.id === item.id)) {
      setPickError(t('children.already', { name: item.name }));
      return;
    }
    try {
      await saveChildren([...known.map((k) => k.id), item.id]);
      notifySuccess(t('children.added', { name: item.name }));
    } catch (error) {
      const problem = error instanceof ResponseError ? error.fields.find((f) => f.path.startsWith('json.children')) : undefined;
      setPickError(problem?.message ?? errorMessage(error));
    }
  };
  const onRemove = async (item: ChildItem) => {
    const ok = await confirmAction({
      title: t('children.removeTitle', { name: item.name }),
      message: t('children.removeText'),
      confirmLabel: t('children.remove'),
    });
    if (!ok) return;
    try {
      await saveChildren(known.filter((k) => k.id !== item.id).map((k) => k.id));
      notifySuccess(t('children.removed', { name: item.name }));
    } catch (error) {
      notifyError(error);
    }
  };
  const onMove = (item: ChildItem, to: number) => {
    const order = known.filter((k) => k.id !== item.id);
    order.splice(to, 0, item);
    reorder.mutate(
      { id: c.id, children: order.map((k) => k.id) },
      { onSuccess: () => notifySuccess(t('children.moved')), onError: (error) => notifyError(error) },
    );
  };

  return (
    <>
      {items.length ? (
        <ReorderList
          label={t('children.label')}
          items={items}
          getId={(i) => i.id}
          itemName={(i) => i.name}
          onMove={onMove}
          renderItem={(i) => (
            <ChildRow item={i}>
              {!i.id.startsWith('missing-') && c.type === 'SPACE' && (
                <Link className="adm-btn adm-btn--sm adm-btn--ghost" to={PATHS.space(i.id)} aria-label={`${t('children.open')} ${i.name}`}>
                  {t('children.open')}
                </Link>
              )}
              {!i.id.startsWith('missing-') && c.type === 'COLLECTION' && (
                <Link className="adm-btn adm-btn--sm adm-btn--ghost" to={PATHS.collection(i.id)} aria-label={`${t('children.open')} ${i.name}`}>
                  {t('children.open')}
                </Link>
              )}
              <button
                type="button"
                className="adm-btn adm-btn--sm adm-btn--danger-outline"
                aria-label={t('children.removeLabel', { name: i.name })}
                disabled={update.isPending}
                onClick={() => void onRemove(i)}
              >
                {t('children.remove')}
              </button>
            </ChildRow>
          )}
        />
      ) : (
        <p className="adm-muted">{c.type === 'COLLECTION' ? t('children.emptyCollections') : t('children.empty')}</p>
      )}
      <ChildPicker type={c.type} exclude={known.map((k) => k.id)} error={pickError} onPick={(item) => void onAdd(item)} />
    </>
  );
}
