import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { AccountsScreen } from './components/AccountsScreen.tsx';

/** Accounts: account search and account/user status on one screen (/admin/accounts; `?q=` prefills the search). */
export const accountRoutes: RouteObject[] = [{ path: PATHS.accounts, element: <AccountsScreen /> }];
