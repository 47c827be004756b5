import { beforeEach, describe, expect, it } from 'vitest';
import { $latestNotification, $notifications, NOTIFICATION_LIFETIME_MS, dismissNotification, pushNotification, removeExpired } from './notifications-store.ts';

describe('notifications (spec 4)', () => {
  beforeEach(() => $notifications.set([]));

  it('shows the latest one', () => {
    pushNotification('first', 'info', 1000);
    const second = pushNotification('second', 'success', 2000);
    expect($latestNotification.get()?.id).toBe(second.id);
    expect($latestNotification.get()?.message).toBe('second');
  });

  it('expires each 5 s after it was pushed', () => {
    pushNotification('a', 'info', 0);
    pushNotification('b', 'info', 3000);
    removeExpired(NOTIFICATION_LIFETIME_MS - 1);
    expect($notifications.get().map((n) => n.message)).toEqual(['a', 'b']);
    removeExpired(NOTIFICATION_LIFETIME_MS);
    expect($notifications.get().map((n) => n.message)).toEqual(['b']);
    removeExpired(3000 + NOTIFICATION_LIFETIME_MS);
    expect($latestNotification.get()).toBeNull();
  });

  it('can be dismissed', () => {
    const n = pushNotification('x');
    dismissNotification(n.id);
    expect($notifications.get()).toEqual([]);
  });
});
