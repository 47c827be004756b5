import type { Banner } from '../domain/homepage.ts';
import type { TextLocaleCode } from '../domain/locale-texts.ts';
import type { Http } from './http.ts';

/** Active, unexpired pencil banners by position, with their texts in `locale` when given (English where it has none); the site shows the first. */
export function listBanners(http: Http, locale?: TextLocaleCode): Promise<Banner[]> {
  return http('GET', '/api/content/banner/', locale ? { query: { locale } } : {});
}
