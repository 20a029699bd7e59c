/** The mark src/app/home.lazy.tsx sets when /app/home is on screen. */
export const HOME_RENDERED_MARK = 'app-home-rendered';
