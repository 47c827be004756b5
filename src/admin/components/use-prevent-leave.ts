import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
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

/**
 * The save path of an editor form: unsaved edits turn on prevent-leave mode (whose 'Save changes'
 * submits the form), and a successful submit releases it and calls `done` (back to the list).
 * `save` resolves true when the API took the values.
 */
export function useSavingForm<V extends FieldValues, C, O>(form: UseFormReturn<V, C, O>, save: (values: O) => Promise<boolean>, done: () => void) {
  const { handleSubmit, formState } = form;
  const saveFromPrompt = () =>
    new Promise<boolean>((resolve) => {
      void handleSubmit(
        async (values) => resolve(await save(values)),
        () => resolve(false),
      )();
    });
  const release = usePreventLeave(formState.isDirty, saveFromPrompt);
  const onSubmit = handleSubmit(async (values) => {
    if (await save(values)) {
      release();
      done();
    }
  });
  return { release, onSubmit };
}
