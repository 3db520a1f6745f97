/**
 * Full-page navigations out of the single-page app (to the payment provider's checkout and back).
 * An object rather than a bare function so tests can spy on it: jsdom cannot navigate.
 */
export const pageLocation = {
  assign: (url: string) => window.location.assign(url),
};
