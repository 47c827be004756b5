import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrates an island the first time the visitor points at, touches, focuses
 * or types into it (or, as a fallback, when the browser is idle after `idleMs`, default never).
 * The island's server-rendered HTML must work on its own until then (a plain form, links).
 */
const interactionDirective: ClientDirective = (load, options, el) => {
  const events = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    for (const type of events) el.removeEventListener(type, go);
    void load().then((hydrate) => hydrate());
  };
  for (const type of events) el.addEventListener(type, go, { passive: true });
  const value = options.value as { idleMs?: number } | boolean | undefined;
  const idleMs = typeof value === 'object' ? value.idleMs : undefined;
  if (idleMs !== undefined) setTimeout(go, idleMs);
};

export default interactionDirective;
