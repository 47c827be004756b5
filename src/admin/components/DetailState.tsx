import { t } from '../app/texts.ts';
import { errorMessage, hasStatus } from '../lib/api.ts';
import { PageHeader, type PageHeaderProps } from './PageHeader.tsx';

/** Props of {@link DetailState}. */
export interface DetailStateProps {
  title: string;
  back: NonNullable<PageHeaderProps['back']>;
  /** The detail query while it is not ready: pending, or failed. */
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  /** What a 404 says ('No collection has the id …'). */
  notFound: string;
}

/**
 * A detail screen before its data (a collection, a space): its header and 'Loading…', or why it
 * failed: not found, or the API's message with Try again.
 */
export function DetailState({ title, back, query, notFound }: DetailStateProps) {
  const missing = hasStatus(query.error, 404);
  return (
    <>
      <PageHeader title={title} back={back} />
      {query.isPending ? (
        <p className="adm-muted">{t('app.loading')}</p>
      ) : (
        <div className="adm-card" role="alert">
          <p>{missing ? notFound : t('error.load', { message: errorMessage(query.error) })}</p>
          {!missing && (
            <button type="button" className="adm-btn adm-btn--sm" onClick={() => void query.refetch()}>
              {t('error.retry')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
