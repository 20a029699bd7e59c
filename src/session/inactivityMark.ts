/**
 * The mark the inactivity watch sets when it starts, its detail the moment it
 * counts from (epoch ms, the page's clock): the warning comes `timeoutMs -
 * warningMs` after it unless there is activity. A profile, and the browser
 * tests, read it there.
 */
export const INACTIVITY_WATCH_MARK = 'session-inactivity-watch';

/** The events the watch counts as a person's activity (one a second); the browser tests time an activity by the first of them. */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
