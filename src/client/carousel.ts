import type { CarouselItem } from '../domain/homepage.ts';
import type { Http } from './http.ts';

/** The featured carousel's slides by priority; slides whose item is gone are left out by the API. */
export function listCarouselItems(http: Http, params: { includeInactive?: boolean } = {}): Promise<CarouselItem[]> {
  // The spec passes the flag as a string.
  return http('GET', '/api/content/fci/', { query: { includeInactive: String(params.includeInactive ?? false) } });
}
