import { inlineScript } from '../site/inline-script.ts';
import sessionProbe from '../shared/session/session-probe.inline.js?raw';
import framedSpace from '../shared/site/framed-space.inline.js?raw';

/* The pages' inline scripts made small once per build rather than on every page (issue 26). */

/** The header's neutral state (issue 14; src/shared/session/session-probe.inline.js). */
export const SESSION_PROBE = inlineScript(sessionProbe);

/** A space page framed by an old embed code, or marked ?embed=outdated (src/shared/site/framed-space.inline.js). */
export const FRAMED_SPACE = inlineScript(framedSpace);
