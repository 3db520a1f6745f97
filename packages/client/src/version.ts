/** This package's version (the build checks it equals package.json's): the User-Agent and `conduit --version`. */
export const VERSION = '0.1.0';
