import { inlineScript } from '../site/inline-script.ts';
import sessionProbe from '../shared/session/session-probe.inline.js?raw';

/** The header's neutral state (issue 14; src/shared/session/session-probe.inline.js), made small once per build rather than on every page. */
export const SESSION_PROBE = inlineScript(sessionProbe);
