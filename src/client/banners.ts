import type { Banner } from '../domain/homepage.ts';
import type { Http } from './http.ts';

/** Active, unexpired pencil banners by position; the site shows the first. */
export function listBanners(http: Http): Promise<Banner[]> {
  return http('GET', '/api/content/banner/');
}
