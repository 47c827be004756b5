import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { AccountInsight } from './components/AccountInsight.tsx';
import { AccountsScreen } from './components/AccountsScreen.tsx';

/** Accounts: account search and account/user status on one screen (/admin/accounts; `?q=` prefills the search), and an account's insight. */
export const accountRoutes: RouteObject[] = [
  { path: PATHS.accounts, element: <AccountsScreen /> },
  { path: `${PATHS.accounts}/:accountId/insight`, element: <AccountInsight /> },
];
