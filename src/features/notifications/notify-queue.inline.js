/* global notifyEvent */
// NotificationToast.astro's script (its values: define:vars shape, src/site/inline-script.ts).
// Notifications sent before the island's store listens wait in this queue (its names:
// shared/site/events.ts); the store drains it.
addEventListener(notifyEvent, function (e) {
  if (!window.__discoverNotifyReady) (window.__discoverNotifyQueue = window.__discoverNotifyQueue || []).push(e.detail);
});
