/** The project's own hydration directive (see `interaction-directive.ts`). */
declare namespace Astro {
  interface ClientDirectives {
    'client:interaction'?: boolean | { idleMs?: number };
  }
}
