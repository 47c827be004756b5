import { useMutation } from '@tanstack/react-query';
import { adminUploadMedia } from '../../../../client/marketplace.ts';
import { adminHttp } from '../../../lib/api.ts';

/** Uploads a partner logo or an app screenshot (POST /admin/api/marketplace/media/); the answer's id goes in `logo` / `screenshots`. */
export function useUploadMedia(kind: 'LOGO' | 'SCREENSHOT') {
  return useMutation({ mutationFn: ({ file, alt }: { file: File; alt?: string }) => adminUploadMedia(adminHttp(), kind, file, alt ?? '') });
}
