/**
 * Whether this browser was signed in when the app last asked, kept in local storage. The
 * prerendered landing cannot know the session (it is the same HTML for everyone), so the boot
 * script in <head> copies this hint to `<html data-session="signed-in">`, and the header keeps its
 * "Sign in" and "Get started" buttons invisible until the session is known: a signed-in visitor
 * never sees them flash. The hint only hides; the answer of /api/auth/me decides what shows.
 */
export const SESSION_HINT_KEY = 'conduit-signed-in';

export function rememberSession(isSignedIn: boolean) {
  try {
    if (isSignedIn) window.localStorage.setItem(SESSION_HINT_KEY, '1');
    else window.localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage may be refused (private modes): the buttons then show as they always did.
  }
  if (isSignedIn) document.documentElement.dataset.session = 'signed-in';
  else delete document.documentElement.dataset.session;
}

/** The boot script's part: run in <head> before the first paint. */
export const SESSION_HINT_BOOT = `try{if(localStorage.getItem(${JSON.stringify(SESSION_HINT_KEY)})==='1')d.dataset.session='signed-in'}catch(e){}`;
