import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { SpaceInsightSummary } from '../../../../domain/insight.ts';
import { Sparkline } from '../../../../shared/insight/ViewsChart.tsx';
import { PATHS } from '../../../app/paths.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { insightTexts } from '../../../lib/insight.ts';
import { useAccountInsight } from '../api/get-account-insight.ts';
import { useAccountSearch } from '../api/search-accounts.ts';
import { t } from '../texts.ts';

const PAGE = 25;
const col = createColumnHelper<SpaceInsightSummary>();
const count = (n: number) => insightTexts.formatCount(n);

/**
 * /admin/accounts/{accountId}/insight: an account's spaces with their views (sparkline, 365 days),
 * collections and leads; each space's chart is on its 'About space'.
 */
export function AccountInsight() {
  const { accountId = '' } = useParams();
  const [offset, setOffset] = useState(0);
  const page = useAccountInsight({ accountId, offset, limit: PAGE });
  const account = useAccountSearch({ body: { searchText: accountId }, offset: 0, limit: 5 }).data?.results.find((a) => a.id === accountId);
  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: t('insight.col.space'),
        cell: (c) => <Link to={PATHS.space(c.row.original.spaceId)}>{c.getValue()}</Link>,
      }),
      col.display({
        id: 'spark',
        header: t('insight.col.last30'),
        cell: (c) => <Sparkline values={c.row.original.last30} tr={insightTexts} name={c.row.original.name} />,
      }),
      col.accessor('views365', { header: t('insight.col.views365'), cell: (c) => count(c.getValue()) }),
      col.accessor('collections', { header: t('insight.col.collections'), cell: (c) => count(c.getValue()) }),
      col.accessor('leads', { header: t('insight.col.leads'), cell: (c) => count(c.getValue()) }),
    ],
    [],
  );
  const data = page.data;
  return (
    <>
      <PageHeader
        title={t('insight.title', { name: account?.name ?? accountId })}
        back={{ to: PATHS.accounts, title: t('title') }}
        description={t('insight.description')}
      />
      <DataTable
        label={t('insight.table')}
        data={data?.results ?? []}
        columns={columns}
        getRowId={(r) => r.spaceId}
        rowName={(r) => r.name}
        loading={page.isPending}
        error={page.error}
        onRetry={() => void page.refetch()}
        emptyText={t('insight.empty')}
        sortable={false}
        paging={{
          offset,
          limit: PAGE,
          total: data?.totalResults,
          hasNext: Boolean(data?.hasNext),
          onPrevious: () => setOffset(Math.max(0, offset - PAGE)),
          onNext: () => setOffset(data?.nextOffset ?? offset + PAGE),
        }}
      />
    </>
  );
}
