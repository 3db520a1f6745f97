/** This package's version (the build checks it equals package.json's): serverInfo and `--version`. */
export const VERSION = '0.1.0';
