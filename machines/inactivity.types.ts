/** How long a signed-in person may do nothing, read from ABP's settings (`App.UserManagement.SessionTimeOut.*`). */
export interface InactivityInput {
  /** Sign out after this long without activity in any tab. */
  timeoutMs: number;
  /** Warn this long before the end, with a countdown in every tab. */
  warningMs: number;
  /** The last activity known when the watch starts (epoch ms): opening a page counts. */
  lastActivity: number;
}

/** The context is the input, the last activity moving forward as it comes. */
export type InactivityContext = InactivityInput;

export type InactivityEvent =
  /** Someone did something, in this tab or another (epoch ms): every tab stays signed in. */
  | { type: 'ACTIVITY'; at: number }
  /** "Ingelogd blijven", pressed in this tab or another: the warning closes everywhere. */
  | { type: 'STAY'; at: number }
  /** Compare with the wall clock now: a tab woke up, became visible, or its clock jumped. */
  | { type: 'CHECK' }
  /** Another tab signed out, from the menu or for inactivity: this watch stops (the token sharing takes the tab to the login page). */
  | { type: 'SIGNED_OUT' };
