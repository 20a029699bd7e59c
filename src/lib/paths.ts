/** Where a person lands when nothing else was asked for. */
export const HOME_PATH = '/app/home';
export const LOGIN_PATH = '/account/login';
export const CALLBACK_PATH = '/account/logincallback';
/** The login page telling the person they are signed out. */
export const SIGNED_OUT_PATH = `${LOGIN_PATH}?reason=signed-out`;
