/** The project's own hydration directives (see `interaction-directive.ts`, `deferred-directive.ts`). */
declare namespace Astro {
  interface ClientDirectives {
    'client:interaction'?: boolean | import('./interaction-directive.ts').InteractionOptions;
    'client:deferred'?: import('./deferred-directive.ts').DeferredOptions;
  }
}
