import { track } from '../site/events.ts';

/**
 * Astro already retries an island's script once; when that fails too, the page says so and offers a reload
 * (spec 8: a chunk that fails to load gives a clear retry), and the failure is tracked as an error event.
 */
export function startHydrationErrors(): void {
  const box = document.querySelector<HTMLElement>('[data-hydration-error]');
  document.addEventListener('astro:hydration-error', (event) => {
    const { error, componentUrl } = (event as CustomEvent<{ error: unknown; componentUrl: string | null }>).detail;
    event.preventDefault();
    const e = error instanceof Error ? error : new Error(String(error));
    track('error', {
      error_message: `${e.message}`.slice(0, 1000),
      error_type: 'ChunkLoadError',
      error_stack: (e.stack ?? '').slice(0, 4000),
      error_component_stack: componentUrl ?? '',
    });
    if (box) box.hidden = false;
  });
  box?.querySelector('[data-hydration-retry]')?.addEventListener('click', () => location.reload());
}
