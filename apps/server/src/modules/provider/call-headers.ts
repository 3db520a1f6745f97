import { CANCEL_AFTER_MAX_S, PREFER_WAIT_MAX_S } from '@conduit/contracts';
import { ValidationFailed } from '../../platform/errors.ts';

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * `Cancel-After` (Replicate's convention): whole seconds, `Ns` or `Nm`, up to a day. The task is
 * aborted and refunded if its upstream job has not started by then (docs/product.md, "Controlling a paid call").
 */
export function cancelAfterSeconds(value: string | string[] | undefined): number | undefined {
  const text = headerText(value)?.trim();
  if (text === undefined) return undefined;
  const match = /^(\d{1,6})(s|m)?$/.exec(text);
  const seconds = match ? Number(match[1]) * (match[2] === 'm' ? 60 : 1) : Number.NaN;
  if (!(seconds >= 1 && seconds <= CANCEL_AFTER_MAX_S)) {
    throw new ValidationFailed(
      `Cancel-After: must be a duration of 1 s to ${CANCEL_AFTER_MAX_S / 3600} h, as seconds, Ns or Nm (e.g. 90s)`,
      'Cancel-After',
    );
  }
  return seconds;
}

/**
 * `Prefer: wait=N` (RFC 7240, as Replicate uses it), N from 1 to 60: the async endpoints answer the
 * settled task if it settles within N seconds, else the task as it stands. Other preferences are
 * ignored, as RFC 7240 asks; a `wait` that is not such a number is refused.
 */
export function preferWaitSeconds(value: string | string[] | undefined): number | undefined {
  const text = headerText(value);
  if (text === undefined) return undefined;
  const wait = text
    .split(/[,;]/)
    .map((part) => part.trim())
    .find((part) => /^wait\s*=/i.test(part));
  if (wait === undefined) return undefined;
  const seconds = Number(/^wait\s*=\s*"?(\d{1,3})"?$/i.exec(wait)?.[1] ?? Number.NaN);
  if (!(seconds >= 1 && seconds <= PREFER_WAIT_MAX_S)) {
    throw new ValidationFailed(
      `Prefer: wait must be a whole number of seconds, 1 to ${PREFER_WAIT_MAX_S}`,
      'Prefer',
    );
  }
  return seconds;
}
