import type { ProList } from '../domain/pros.ts';
import type { Http } from './http.ts';

/** GET /api/capture/pros/: Find a 3D Pro's directory. */
export function listPros(http: Http): Promise<ProList> {
  return http('GET', '/api/capture/pros/');
}
