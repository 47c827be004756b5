import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { BannerScreen } from './components/BannerScreen.tsx';

/** Pencil banner: the list with its editor on one page (spec 2: /admin/banner only). */
export const bannerRoutes: RouteObject[] = [{ path: PATHS.banner, element: <BannerScreen /> }];
