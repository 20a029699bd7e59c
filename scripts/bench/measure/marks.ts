/** The mark src/app/home.lazy.tsx sets when /app/home is on screen. */
export const HOME_RENDERED_MARK = 'app-home-rendered';
/** The mark src/account/login.lazy.tsx sets when the login page is on screen. */
export const LOGIN_RENDERED_MARK = 'app-login-rendered';
/** The mark src/start.tsx sets when the app starts, in the task after the one that evaluated its script. */
export const APP_STARTED_MARK = 'app-started';
