import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Technician } from '../../../../domain/capture.ts';
import { PATHS } from '../../../app/paths.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useTechnicians } from '../api/get-technicians.ts';
import { t } from '../texts.ts';

const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** /admin/technicians: every technician with their area, working days, time off and who signs in as them. */
export function TechniciansScreen() {
  const list = useTechnicians();
  const columns = useMemo<ColumnDef<Technician>[]>(
    () => [
      {
        id: 'name',
        header: t('col.name'),
        accessorFn: (x) => `${x.firstName} ${x.lastName}`,
        cell: ({ row }) => (
          <div className="adm-cell-main">
            <Link to={PATHS.technician(row.original.id)}>
              {row.original.firstName} {row.original.lastName}
            </Link>
            <span className="adm-muted">{row.original.email}</span>
          </div>
        ),
      },
      {
        id: 'area',
        header: t('col.area'),
        accessorFn: (x) => x.areaName,
        cell: ({ row }) => (
          <div className="adm-cell-main">
            <span>
              {row.original.areaName}, {row.original.countryCode}
            </span>
            <span className="adm-muted">
              {row.original.radiusKm} km · {row.original.timeZone}
            </span>
          </div>
        ),
      },
      {
        id: 'hours',
        header: t('col.hours'),
        enableSorting: false,
        meta: { className: 'adm-hide-sm' },
        cell: ({ row }) => (
          <div className="adm-cell-main">
            <span>
              {DAYS.filter((d) => row.original.workingHours[d])
                .map((d) => t(`day.${d}`).slice(0, 3))
                .join(', ')}
            </span>
            {row.original.timeOff.length > 0 && <span className="adm-muted">{t('timeOffCount', { count: row.original.timeOff.length })}</span>}
          </div>
        ),
      },
      { id: 'signIn', header: t('col.signIn'), accessorFn: (x) => x.signInEmail ?? '', cell: ({ row }) => row.original.signInEmail ?? t('nobody') },
      {
        id: 'status',
        header: t('col.status'),
        accessorFn: (x) => (x.isActive ? 1 : 0),
        cell: ({ row }) => (
          <span className={`adm-badge ${row.original.isActive ? 'adm-badge--live' : 'adm-badge--off'}`}>
            {row.original.isActive ? t('active') : t('inactive')}
          </span>
        ),
      },
    ],
    [],
  );
  return (
    <div className="adm-stack">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Link className="adm-btn adm-btn--primary" to={`${PATHS.technicians}/create`}>
            {t('add')}
          </Link>
        }
      />
      <DataTable
        label={t('table')}
        data={list.data ?? []}
        columns={columns}
        getRowId={(x) => x.id}
        rowName={(x) => `${x.firstName} ${x.lastName}`}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={t('empty')}
        pageSize={50}
      />
    </div>
  );
}
