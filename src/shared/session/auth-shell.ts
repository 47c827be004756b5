/** Hides the static sign-in shell of an auth-only page once the signed-in content is there (all of it: its padding left an empty band). */
export function hideAuthShell(): void {
  document.querySelector<HTMLElement>('[data-auth-shell]')?.setAttribute('hidden', '');
}
