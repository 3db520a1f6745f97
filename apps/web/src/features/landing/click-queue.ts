/**
 * Taps on the prerendered page's buttons before hydration (decision 0004): until React owns
 * the page, a button does nothing, and on a slow phone a newcomer's first taps on "Get started"
 * were lost. The boot script (in <head>, before any markup) holds the last such tap; once the app
 * is interactive, it is replayed on the same element, which hydration keeps; meanwhile the button
 * shows pressed and busy, so a slow phone says the tap was taken. Links need nothing:
 * before hydration they navigate as plain links.
 */
const QUEUED_CLICK = '__conduitQueuedClick';

/** Marks the held button until its tap is replayed: it shows pressed and busy (index.css). */
export const QUEUED_ATTRIBUTE = 'data-queued-tap';

export const CLICK_QUEUE_BOOT = `document.addEventListener('click',function(e){if(d.dataset.interactive)return;var b=e.target&&e.target.closest&&e.target.closest('button');if(!b)return;e.preventDefault();e.stopPropagation();var o=window.${QUEUED_CLICK};if(o&&o.removeAttribute){o.removeAttribute('${QUEUED_ATTRIBUTE}');o.removeAttribute('aria-busy')}b.setAttribute('${QUEUED_ATTRIBUTE}','');b.setAttribute('aria-busy','true');window.${QUEUED_CLICK}=b},true);`;

type QueueWindow = Window & { [QUEUED_CLICK]?: HTMLElement };

/** Called once React owns the page: the held tap, if any, reaches its button now. */
export function replayQueuedClick() {
  const queueWindow = window as QueueWindow;
  const button = queueWindow[QUEUED_CLICK];
  delete queueWindow[QUEUED_CLICK];
  button?.removeAttribute(QUEUED_ATTRIBUTE);
  button?.removeAttribute('aria-busy');
  if (button?.isConnected) button.click();
}
