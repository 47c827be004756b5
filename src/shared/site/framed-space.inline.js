// The space page's script in the head, before anything paints: framed (an old embed code, spec 2),
// the page shows only its notice and sends the top window to itself, marked ?embed=outdated; at the
// top with that mark, it shows the warning. The same text on every space page.
(function () {
  const d = document.documentElement;
  if (window.top !== window.self) {
    d.dataset.framed = '';
    try {
      window.top.location.replace(location.origin + location.pathname + '?embed=outdated');
    } catch (e) {
      // A cross-origin frame may not navigate the top without the visitor's click: the notice's link does it.
    }
  } else if (/[?&]embed=outdated(&|$)/.test(location.search)) d.dataset.embedOutdated = '';
})();
