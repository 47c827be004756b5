import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { errorMessage, hasStatus, signInHref } from '../lib/api.ts';
import { AccessDenied } from './AccessDenied.tsx';
import { createQueryClient } from './query-client.ts';
import { createAdminRouter } from './router.tsx';
import { isTechnicianOnly, useSessionUser } from './session.ts';
import { t } from './texts.ts';

/**
 * The admin console (spec 2, "Admin routes"): a client-only React app on the /admin shell page
 * (mounted by main.tsx; its stylesheets, admin.css and the site's, are linked by the shell page).
 * The server already lets only administrators reach the shell; this checks again so an expired
 * session or a revoked role shows sign-in or 'You need administrator access' instead of failing calls.
 */
export default function AdminApp() {
  const [client] = useState(createQueryClient);
  const [router] = useState(createAdminRouter);
  return (
    <QueryClientProvider client={client}>
      <AdminGate>
        <RouterProvider router={router} />
      </AdminGate>
    </QueryClientProvider>
  );
}

function AdminGate({ children }: { children: ReactNode }) {
  const session = useSessionUser();
  const guest = session.data?.is_authenticated === false || hasStatus(session.error, 401);
  useEffect(() => {
    if (guest) location.replace(signInHref());
  }, [guest]);
  useEffect(() => {
    document.documentElement.dataset['adminReady'] = session.data?.is_privileged || isTechnicianOnly(session.data) ? 'true' : 'false';
  }, [session.data]);
  if (session.isPending || guest) return <Loading />;
  // Technicians get the console too, with only their jobs (AdminLayout keeps them there).
  if (hasStatus(session.error, 403) || (session.data && !session.data.is_privileged && !isTechnicianOnly(session.data))) return <AccessDenied />;
  if (session.error)
    return (
      <main className="adm-center">
        <div className="adm-card adm-center__card" role="alert">
          <p>{t('error.load', { message: errorMessage(session.error) })}</p>
          <button type="button" className="adm-btn" onClick={() => void session.refetch()}>
            {t('error.retry')}
          </button>
        </div>
      </main>
    );
  return children;
}

function Loading() {
  return (
    <main className="adm-center" aria-busy="true">
      <p className="adm-muted">{t('app.loading')}</p>
    </main>
  );
}
