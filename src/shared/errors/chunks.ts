import { useEffect, useState, useRef } from 'react';

/** How long a script chunk may take before it counts as failed (spec 9: 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A script chunk that did not load (network error, deploy in between, or the 120 s timeout). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Whether an error means a script chunk failed to load (ours, or the browser's own wording). */
export function isChunkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading chunk|dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(error.message)
  );
}

/** The chunk a failed dynamic import names in its message (Chromium, Firefox and Safari all say the URL). */
export function failedChunkUrl(error: unknown): string | null {
  const cause = error instanceof ChunkLoadError ? error.cause : error;
  const message = cause instanceof Error ? cause.message : '';
  return /(https?:\/\/\S+?\.m?js)(?:\?\S*)?$/.exec(message.trim())?.[1] ?? null;
}

/** Chunks that failed to load in this page, and how often they were asked for again. */
const failedChunks = new Map<string, number>();

/**
 * Runs a dynamic import with the chunk timeout; any failure becomes a ChunkLoadError. A browser
 * keeps a failed module fetch in its module map, so importing the same URL again fails at once
 * without asking the network (Chromium 150): a chunk that already failed once is asked for again
 * under a fresh URL (`?retry=n`), which is what a visitor's Retry means.
 */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  const attempt = () =>
    importer().catch((error: unknown) => {
      const url = failedChunkUrl(error);
      if (!url) throw error;
      const tries = failedChunks.get(url);
      failedChunks.set(url, (tries ?? 0) + 1);
      if (tries === undefined) throw error;
      return import(/* @vite-ignore */ `${url}?retry=${tries + 1}`) as Promise<T>;
    });
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(new Error(`timed out after ${timeoutMs} ms`))), timeoutMs);
    attempt().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(error));
      },
    );
  });
}

/**
 * Loads a chunk while a component is mounted: null until it arrives; a failure is thrown during
 * render so the island's error boundary shows its retry (which remounts, and so loads again).
 */
export function useChunk<T>(importer: () => Promise<T>, enabled = true): T | null {
  const [state, setState] = useState<{ mod?: T; error?: unknown }>({});
  // The first importer is the one loaded: callers pass an inline arrow on every render.
  const first = useRef(importer);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadChunk(first.current).then(
      (mod) => live && setState({ mod }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  if (state.error) throw state.error instanceof Error ? state.error : new Error('The chunk could not be loaded.', { cause: state.error });
  return state.mod ?? null;
}
