// BaseLayout.astro's script in the head (the header's neutral state, issue 14): the guest links keep
// their place but stay hidden until the session is known, so a signed-in visitor never sees them
// flash; the session is asked at once, not when the header island hydrates (header-user.css). A
// guest's state is final here (issue 15: the header island never loads for a guest); a signed-in
// visitor's header island takes over from 'loading'. The answer's promise stays on window: the
// session store's first read reuses it (session-store.ts).
(function () {
  const d = document.documentElement;
  d.dataset.session = 'loading';
  const known = (yes) => {
    d.dataset.signedIn = yes ? 'yes' : 'no';
    if (!yes) d.dataset.session = 'guest';
    // Islands for signed-in people only (client:deferred ifSignedIn) hydrate now, never for a guest.
    else window.dispatchEvent(new Event('discover:signed-in'));
  };
  const user = fetch('/api/session/user/', { credentials: 'same-origin', headers: { accept: 'application/json' } }).then((r) =>
    r.ok ? r.json() : Promise.reject(new Error('session ' + r.status)),
  );
  window.__discoverSessionUser = user;
  user.then(
    (u) => known(Boolean(u && u.is_authenticated)),
    () => known(false),
  );
})();
