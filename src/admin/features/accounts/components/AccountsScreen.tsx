import { formResolver } from '../../../lib/form-resolver.ts';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ResponseError } from '../../../../client/http.ts';
import type { AccountRef } from '../../../../domain/admin.ts';
import { EntityStatus } from '../../../../domain/enums.ts';
import { PATHS } from '../../../app/paths.ts';
import { confirmAction } from '../../../components/confirm-store.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { FormActions, FormError, SelectField, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useDebounced } from '../../../components/use-debounced.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useAccountSearch } from '../api/search-accounts.ts';
import { useUpdateAccountStatus } from '../api/update-account-status.ts';
import { useUpdateAllAccountStatus } from '../api/update-all-account-status.ts';
import { useUpdateAllUserStatus } from '../api/update-all-user-status.ts';
import { useUpdateUserStatus } from '../api/update-user-status.ts';
import { t } from '../texts.ts';
import { UserFlagsSection } from './UserFlagsSection.tsx';
import '../accounts.css';

const PAGE = 25;
const statusOptions = EntityStatus.options.map((v) => ({ value: v, label: t(`status.${v}`) }));

/** /admin/accounts: account search with status changes (one, selected, all), a person's status by id or sid, and a person's feature flags. */
export function AccountsScreen() {
  const reactivateAccounts = useUpdateAllAccountStatus();
  const reactivateUsers = useUpdateAllUserStatus();
  const [flagsRequest, setFlagsRequest] = useState<{ key: string; seq: number } | null>(null);

  const onAllAccounts = async () => {
    const ok = await confirmAction({ title: t('all.accountsTitle'), message: t('all.text'), confirmLabel: t('all.confirm'), destructive: false });
    if (!ok) return;
    try {
      const res = await reactivateAccounts.mutateAsync();
      notifySuccess(t('done.enabled', { count: res.count }));
    } catch (error) {
      notifyError(error);
    }
  };
  const onAllUsers = async () => {
    const ok = await confirmAction({ title: t('all.usersTitle'), message: t('all.text'), confirmLabel: t('all.confirm'), destructive: false });
    if (!ok) return;
    try {
      const res = await reactivateUsers.mutateAsync();
      notifySuccess(t('users.done', { count: res.count }));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <button type="button" className="adm-btn" disabled={reactivateUsers.isPending} onClick={() => void onAllUsers()}>
              {t('all.users')}
            </button>
            <button type="button" className="adm-btn" disabled={reactivateAccounts.isPending} onClick={() => void onAllAccounts()}>
              {t('all.accounts')}
            </button>
          </>
        }
      />
      <AccountList onFlags={(key) => setFlagsRequest((prev) => ({ key, seq: (prev?.seq ?? 0) + 1 }))} />
      <UserStatusForm />
      <UserFlagsSection request={flagsRequest} />
    </>
  );
}

const col = createColumnHelper<AccountRef>();

function AccountList({ onFlags }: { onFlags: (accountId: string) => void }) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const searchText = useDebounced(text.trim(), 300);
  const [status, setStatus] = useState<EntityStatus | ''>('');
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    setOffset(0);
    if ((params.get('q') ?? '') === searchText) return;
    setParams(searchText ? { q: searchText } : {}, { replace: true });
    // The address follows the settled text only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText]);
  const result = useAccountSearch({ body: { ...(searchText ? { searchText } : {}), ...(status ? { status } : {}) }, offset, limit: PAGE });
  const update = useUpdateAccountStatus();

  const change = async (rows: AccountRef[], next: EntityStatus, clear?: () => void) => {
    const disable = next === 'DISABLED';
    const name = rows[0]?.name ?? '';
    const ok = await confirmAction({
      title: disable ? t('confirm.disableTitle', { count: rows.length, name }) : t('confirm.enableTitle', { count: rows.length, name }),
      message: disable ? t('confirm.disableText') : t('confirm.enableText'),
      confirmLabel: disable ? t('row.disable') : t('row.enable'),
      destructive: disable,
    });
    if (!ok) return;
    try {
      const res = await update.mutateAsync(rows.length === 1 ? { id: rows[0]?.id ?? '', status: next } : { ids: rows.map((r) => r.id), status: next });
      clear?.();
      if (res.count === 0) notifySuccess(t('done.none', { status: t(`status.${next}`).toLowerCase() }));
      else notifySuccess(disable ? t('done.disabled', { count: res.count }) : t('done.enabled', { count: res.count }));
    } catch (error) {
      notifyError(error);
    }
  };

  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: t('col.name'),
        cell: (c) => {
          const row = c.row.original;
          return (
            <span className="acc-name">
              <strong>{row.name}</strong>
              <small>
                {row.isPersonal ? t('kind.personal') : t('kind.organization')} · {t('col.sid')} <code>{row.sid}</code>
              </small>
              <small>
                {t('col.id')} <code>{row.id}</code>
              </small>
            </span>
          );
        },
      }),
      col.accessor('status', {
        header: t('col.status'),
        cell: (c) => <span className={`adm-badge ${c.getValue() === 'ACTIVE' ? 'adm-badge--live' : 'adm-badge--off'}`}>{t(`status.${c.getValue()}`)}</span>,
      }),
      col.display({
        id: 'actions',
        header: t('col.actions'),
        cell: (c) => {
          const row = c.row.original;
          const disable = row.status === 'ACTIVE';
          return (
            <span className="acc-actions">
              <button
                type="button"
                className={`adm-btn adm-btn--sm ${disable ? 'adm-btn--danger-outline' : ''}`}
                aria-label={disable ? t('row.disableLabel', { name: row.name }) : t('row.enableLabel', { name: row.name })}
                onClick={() => void change([row], disable ? 'DISABLED' : 'ACTIVE')}
              >
                {disable ? t('row.disable') : t('row.enable')}
              </button>
              <Link className="adm-btn adm-btn--sm" to={PATHS.accountInsight(row.id)} aria-label={t('row.insightLabel', { name: row.name })}>
                {t('row.insight')}
              </Link>
              {row.isPersonal && (
                <button type="button" className="adm-btn adm-btn--sm" aria-label={t('flags.rowLabel', { name: row.name })} onClick={() => onFlags(row.id)}>
                  {t('flags.row')}
                </button>
              )}
            </span>
          );
        },
      }),
    ],
    // `change` only reads the mutation, which is stable; `onFlags` only sets the screen's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const data = result.data;
  return (
    <section className="adm-section" aria-label={t('table.label')}>
      <form className="adm-card adm-form-grid adm-form-grid--2" role="search" aria-label={t('filter.label')} onSubmit={(e) => e.preventDefault()}>
        <TextField label={t('filter.search')} hint={t('filter.searchHint')} type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField
          label={t('filter.status')}
          options={[{ value: '', label: t('status.any') }, ...statusOptions]}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as EntityStatus | '');
            setOffset(0);
          }}
        />
      </form>
      <DataTable
        label={t('table.label')}
        data={data?.results ?? []}
        columns={columns}
        getRowId={(r) => r.id}
        rowName={(r) => r.name}
        loading={result.isPending}
        error={result.error}
        onRetry={() => void result.refetch()}
        emptyText={t('table.empty')}
        bulkActions={(selected, clear) => (
          <>
            <button type="button" className="adm-btn adm-btn--sm" onClick={() => void change(selected, 'ACTIVE', clear)}>
              {t('bulk.enable')}
            </button>
            <button type="button" className="adm-btn adm-btn--sm adm-btn--danger" onClick={() => void change(selected, 'DISABLED', clear)}>
              {t('bulk.disable')}
            </button>
          </>
        )}
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

const UserStatus = z.object({ id: z.string().trim().min(1, 'Enter the id or sid of a person').max(200), status: EntityStatus });
type UserStatus = z.infer<typeof UserStatus>;

function UserStatusForm() {
  const form = useForm<UserStatus>({ resolver: formResolver(UserStatus), defaultValues: { id: '', status: 'DISABLED' } });
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateUserStatus();
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async ({ id, status }) => {
    setFormError(null);
    const disable = status === 'DISABLED';
    const ok = await confirmAction({
      title: disable ? t('user.confirmDisable') : t('user.confirmEnable'),
      message: disable ? t('user.confirmDisableText', { id }) : t('user.confirmEnableText', { id }),
      confirmLabel: disable ? t('row.disable') : t('row.enable'),
      destructive: disable,
    });
    if (!ok) return;
    try {
      const res = await update.mutateAsync({ id, status });
      const label = t(`status.${status}`).toLowerCase();
      notifySuccess(res.count ? t('user.done', { id, status: label }) : t('user.unchanged', { id, status: label }));
      form.reset({ id: '', status });
    } catch (error) {
      // The id is the field a 404 (no such person) or a refusal about the ids ('You cannot disable yourself') concerns.
      if (error instanceof ResponseError && error.status === 404) form.setError('id', { type: 'server', message: error.body.message }, { shouldFocus: true });
      else if (error instanceof ResponseError && error.fields.some((f) => /^json\.ids?\b/.test(f.path))) {
        form.setError('id', { type: 'server', message: error.fields.map((f) => f.message).join(' ') }, { shouldFocus: true });
      } else setFormError(applyApiError(error, form.setError, ['id', 'status']));
    }
  });
  return (
    <section className="adm-section" aria-labelledby="acc-user">
      <form className="adm-card adm-stack" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h2 id="acc-user">{t('user.title')}</h2>
        <p className="adm-muted">{t('user.text')}</p>
        <div className="adm-form-grid adm-form-grid--2">
          <TextField label={t('user.id')} autoComplete="off" error={errors.id?.message} {...form.register('id')} />
          <SelectField label={t('user.status')} options={statusOptions} error={errors.status?.message} {...form.register('status')} />
        </div>
        <FormError message={formError} />
        <FormActions>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={update.isPending}>
            {t('user.submit')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}
