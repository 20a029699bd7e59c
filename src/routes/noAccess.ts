/** The name of a NoAccessError (./noAccessError.ts): the section route's error screen tells it by this, without loading the class. */
export const NO_ACCESS = 'NoAccessError';
