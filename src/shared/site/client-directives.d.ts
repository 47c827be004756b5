/** The project's own hydration directives (see `interaction-directive.ts`, `deferred-directive.ts`). */
declare namespace Astro {
  interface ClientDirectives {
    'client:interaction'?: boolean | { idleMs?: number };
    'client:deferred'?: { on?: string[]; idleUnlessCookie?: string };
  }
}
