import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { PageHeader } from '../components/PageHeader.tsx';
import { errorMessage } from '../lib/api.ts';
import { PATHS } from './paths.ts';
import { t } from './texts.ts';

/** An unknown console address. */
export function NotFound() {
  return (
    <>
      <PageHeader title={t('error.notFoundTitle')} />
      <div className="adm-card adm-stack">
        <p>{t('error.notFound')}</p>
        <p>
          <Link to={PATHS.featuredTags}>{t('error.backHome')}</Link>
        </p>
      </div>
    </>
  );
}

/** A screen that failed to render: its message and a way back, inside the console's frame. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <div className="adm-card adm-stack" role="alert">
      <h1>{t('error.notFoundTitle')}</h1>
      <p>{errorMessage(error)}</p>
      <p>
        <button type="button" className="adm-btn" onClick={() => location.reload()}>
          {t('error.retry')}
        </button>
      </p>
    </div>
  );
}
