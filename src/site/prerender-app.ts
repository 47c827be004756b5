import type { RouteData } from 'astro';

/**
 * A prerender bundle's app (Astro's `BuildApp`) loaded outside `astro build`: the publisher's kept
 * renderer (src/loaders/renderer.ts) and the build's render threads (./prerender-thread.ts) both
 * import a bundle's `prerender-entry.<hash>.mjs` and set its app up here, with what the build
 * computed for it.
 */
export interface PrerenderApp {
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
  manifest: { routes: { routeData: RouteData }[] };
}

/** What a loaded app renders with besides its bundle: each page's stylesheets and the injected scripts. */
export interface PrerenderAppData {
  /** Stylesheets per page, keyed `${route}&${component}` as Astro's internals key them. */
  pages: { key: string; styles: unknown[] }[];
  /** Scripts integrations injected (`settings.scripts`). */
  scripts: unknown[];
}

/**
 * Gives `app` the two build-time objects it reads when rendering (each page's stylesheets, the
 * injected scripts; page-stage scripts would also need the client bundle map, which this site has
 * none of), and a logger that passes its warnings and errors to `log`.
 */
export function setUpPrerenderApp(app: PrerenderApp, data: PrerenderAppData, log: (line: string) => void): void {
  app.setInternals({ pagesByKeys: new Map(data.pages.map((p) => [p.key, { styles: p.styles }])), entrySpecifierToBundleMap: new Map() });
  app.setOptions({
    settings: { scripts: data.scripts },
    logger: {
      options: { destination: { write: (m: { level: string; message: string }) => (m.level === 'error' || m.level === 'warn' ? log(m.message) : true) } },
    },
  });
}
