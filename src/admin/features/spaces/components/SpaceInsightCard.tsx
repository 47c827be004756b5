import { InsightFigures, ViewsChart } from '../../../../shared/insight/ViewsChart.tsx';
import { t as appT } from '../../../app/texts.ts';
import { errorMessage } from '../../../lib/api.ts';
import { insightTexts } from '../../../lib/insight.ts';
import { useSpaceInsight } from '../api/get-space-insight.ts';
import { t } from '../texts.ts';

/** 'About space': the owner's insight (views per day and week, collections, leads), as the owner sees it in Manage spaces. */
export function SpaceInsightCard({ spaceId }: { spaceId: string }) {
  const insight = useSpaceInsight(spaceId);
  return (
    <section className="adm-card spc-insight" aria-labelledby="spc-insight" data-testid="admin-space-insight">
      <h2 id="spc-insight" className="spc-h2">
        {t('insight.title')}
      </h2>
      {insight.isPending && <p className="adm-muted">{appT('app.loading')}</p>}
      {insight.error && (
        <div role="alert">
          <p>{appT('error.load', { message: errorMessage(insight.error) })}</p>
          <button type="button" className="adm-btn adm-btn--sm" onClick={() => void insight.refetch()}>
            {appT('error.retry')}
          </button>
        </div>
      )}
      {insight.data && (
        <>
          <InsightFigures insight={insight.data} tr={insightTexts} />
          <ViewsChart insight={insight.data} tr={insightTexts} />
        </>
      )}
    </section>
  );
}
