import { formResolver } from '../../../lib/form-resolver.ts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { ResponseError } from '../../../../client/http.ts';
import type { ModerationRecord } from '../../../../domain/admin.ts';
import { ModerationInput } from '../../../../domain/admin-inputs.ts';
import { ItemType } from '../../../../domain/enums.ts';
import { PATHS } from '../../../app/paths.ts';
import { confirmAction } from '../../../components/confirm-store.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { FormActions, FormError, SelectField, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useDebounced } from '../../../components/use-debounced.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useCreateModerationRecord } from '../api/create-moderation-record.ts';
import { useDeleteItemModeration } from '../api/delete-item-moderation.ts';
import { useDeleteModerationRecord } from '../api/delete-moderation-record.ts';
import { useModerationRecords } from '../api/get-moderation-records.ts';
import { t } from '../texts.ts';
import '../moderation.css';

const PAGE = 25;
const TYPES = ItemType.options;
const typeOptions = TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }));
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The console page of a moderated item. */
export function itemPath(type: ItemType, id: string): string {
  if (type === 'SPACE') return PATHS.space(id);
  if (type === 'COLLECTION') return PATHS.collection(id);
  return `${PATHS.accounts}?q=${encodeURIComponent(id)}`;
}

/** An item's 404 (no such item) or 409 (already moderated) concerns the id field. */
function itemIdProblem(error: unknown): string | null {
  return error instanceof ResponseError && (error.status === 404 || error.status === 409) ? error.body.message : null;
}

/** /admin/moderation: moderate an item, lift one record or every record of an item, and the records with a reason filter and pages. */
export function ModerationScreen() {
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="adm-form-grid adm-form-grid--2">
        <ModerateForm />
        <LiftForm />
      </div>
      <Records />
    </>
  );
}

function ModerateForm() {
  const form = useForm<ModerationInput>({ resolver: formResolver(ModerationInput), defaultValues: { itemType: 'SPACE', itemId: '', reason: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateModerationRecord();
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const type = t(`type.${values.itemType}`);
    const ok = await confirmAction({
      title: t('moderate.confirmTitle', { type: type.toLowerCase() }),
      message: t('moderate.confirmText', { type, id: values.itemId, reason: values.reason }),
      confirmLabel: t('moderate.submit'),
    });
    if (!ok) return;
    try {
      await create.mutateAsync(values);
      notifySuccess(t('moderate.done', { type, id: values.itemId }));
      form.reset({ itemType: values.itemType, itemId: '', reason: '' });
    } catch (error) {
      const onId = itemIdProblem(error);
      if (onId) form.setError('itemId', { type: 'server', message: onId }, { shouldFocus: true });
      else setFormError(applyApiError(error, form.setError, ['itemId', 'itemType', 'reason']));
    }
  });
  return (
    <section className="adm-card mod-card" aria-labelledby="mod-moderate">
      <form className="adm-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h2 id="mod-moderate">{t('moderate.title')}</h2>
        <SelectField label={t('moderate.type')} options={typeOptions} error={errors.itemType?.message} {...form.register('itemType')} />
        <TextField label={t('moderate.id')} hint={t('moderate.idHint')} autoComplete="off" error={errors.itemId?.message} {...form.register('itemId')} />
        <TextField label={t('moderate.reason')} autoComplete="off" error={errors.reason?.message} {...form.register('reason')} />
        <FormError message={formError} />
        <FormActions>
          <button type="submit" className="adm-btn adm-btn--danger" disabled={create.isPending}>
            {t('moderate.submit')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}

const LiftInput = z.object({ itemType: ItemType, itemId: ModerationInput.shape.itemId });
type LiftInput = z.infer<typeof LiftInput>;

function LiftForm() {
  const form = useForm<LiftInput>({ resolver: formResolver(LiftInput), defaultValues: { itemType: 'SPACE', itemId: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const lift = useDeleteItemModeration();
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const type = t(`type.${values.itemType}`);
    const ok = await confirmAction({
      title: t('lift.confirmTitle', { type: type.toLowerCase() }),
      message: t('lift.confirmText', { type, id: values.itemId }),
      confirmLabel: t('lift.confirm'),
      destructive: false,
    });
    if (!ok) return;
    try {
      await lift.mutateAsync(values);
      notifySuccess(t('lift.done', { type, id: values.itemId }));
      form.reset({ itemType: values.itemType, itemId: '' });
    } catch (error) {
      const onId = itemIdProblem(error);
      if (onId) form.setError('itemId', { type: 'server', message: onId }, { shouldFocus: true });
      else setFormError(applyApiError(error, form.setError, ['itemId', 'itemType']));
    }
  });
  return (
    <section className="adm-card mod-card" aria-labelledby="mod-lift">
      <form className="adm-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h2 id="mod-lift">{t('lift.title')}</h2>
        <SelectField label={t('moderate.type')} options={typeOptions} error={errors.itemType?.message} {...form.register('itemType')} />
        <TextField label={t('moderate.id')} hint={t('moderate.idHint')} autoComplete="off" error={errors.itemId?.message} {...form.register('itemId')} />
        <FormError message={formError} />
        <FormActions>
          <button type="submit" className="adm-btn" disabled={lift.isPending}>
            {t('lift.submit')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}

const col = createColumnHelper<ModerationRecord>();

function Records() {
  const [reasonText, setReasonText] = useState('');
  const reason = useDebounced(reasonText.trim(), 300);
  const [itemType, setItemType] = useState<ItemType | ''>('');
  const [offset, setOffset] = useState(0);
  const filter = { reason, itemType, offset, limit: PAGE };
  const records = useModerationRecords(filter);
  const remove = useDeleteModerationRecord();

  const onLift = async (record: ModerationRecord) => {
    const type = t(`type.${record.itemType}`);
    const ok = await confirmAction({
      title: t('row.confirmTitle'),
      message: t('row.confirmText', { type, id: record.itemId, reason: record.reason }),
      confirmLabel: t('lift.confirm'),
      destructive: false,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(record.id);
      notifySuccess(t('lift.done', { type, id: record.itemId }));
    } catch (error) {
      notifyError(error);
    }
  };

  const columns = useMemo(
    () => [
      col.accessor('itemId', {
        header: t('col.item'),
        cell: (c) => (
          <span className="mod-item">
            <span className="adm-badge adm-badge--warn">{t(`type.${c.row.original.itemType}`)}</span>
            <Link to={itemPath(c.row.original.itemType, c.getValue())}>{c.getValue()}</Link>
            <small>
              {t('col.created')} <time dateTime={c.row.original.created}>{dateFormat.format(new Date(c.row.original.created))}</time>
            </small>
          </span>
        ),
      }),
      col.accessor('reason', {
        header: t('col.reason'),
        cell: (c) => (
          <span className="mod-reason">
            <span>{c.getValue()}</span>
            <small>{t('col.creator', { user: c.row.original.creator ?? '—' })}</small>
          </span>
        ),
      }),
      col.display({
        id: 'actions',
        header: t('col.actions'),
        cell: (c) => (
          <button
            type="button"
            className="adm-btn adm-btn--sm"
            aria-label={t('row.liftLabel', { type: t(`type.${c.row.original.itemType}`).toLowerCase(), id: c.row.original.itemId })}
            onClick={() => void onLift(c.row.original)}
          >
            {t('row.lift')}
          </button>
        ),
      }),
    ],
    // onLift only reads the mutation, which is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const data = records.data;
  return (
    <section className="adm-section" aria-labelledby="mod-records">
      <h2 id="mod-records">{t('records.title')}</h2>
      <form className="adm-form-grid adm-form-grid--2 mod-filters" role="search" aria-label={t('records.filter')} onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={t('records.reason')}
          type="search"
          value={reasonText}
          onChange={(e) => {
            setReasonText(e.target.value);
            setOffset(0);
          }}
        />
        <SelectField
          label={t('records.type')}
          options={[{ value: '', label: t('type.any') }, ...typeOptions]}
          value={itemType}
          onChange={(e) => {
            setItemType(e.target.value as ItemType | '');
            setOffset(0);
          }}
        />
      </form>
      <DataTable
        label={t('records.label')}
        data={data?.results ?? []}
        columns={columns}
        getRowId={(r) => r.id}
        rowName={(r) => `${t(`type.${r.itemType}`)} ${r.itemId}`}
        loading={records.isPending}
        error={records.error}
        onRetry={() => void records.refetch()}
        emptyText={t('records.empty')}
        paging={{
          offset,
          limit: PAGE,
          total: data?.totalResults,
          hasNext: data?.hasNext ?? false,
          onPrevious: () => setOffset((o) => Math.max(0, o - PAGE)),
          onNext: () => setOffset((o) => o + PAGE),
        }}
      />
    </section>
  );
}
