import { useEffect, useRef } from 'react';
import { setPreventLeave } from '../../shared/modals/prevent-leave-store.ts';

/**
 * Turns on the site's prevent-leave mode (spec 2) while a form has unsaved edits: leaving the page
 * (a console link, the back button, SIGN OUT) asks 'Are you sure you want to leave this page without
 * saving?' with 'Leave' and 'Save changes'; reload and tab close get the browser's prompt.
 * `save` saves the form and resolves true when it worked (then the navigation goes on).
 * Call the returned `release()` right before navigating away after a successful save.
 */
export function usePreventLeave(dirty: boolean, save: () => Promise<boolean>): () => void {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!dirty) return undefined;
    setPreventLeave({ save: () => saveRef.current() });
    return () => setPreventLeave(null);
  }, [dirty]);
  return () => setPreventLeave(null);
}
