import { emailLocalPart, type SessionUser } from './session-user.ts';

/** The user's picture, or the first letter of their name (or email) on the brand colour. */
export function UserAvatar({ user, className = 'size-9' }: { user: SessionUser; className?: string }) {
  if (user.avatar) {
    return (
      <img
        src={user.avatar}
        alt=""
        referrerPolicy="no-referrer"
        className={`${className} shrink-0 rounded-full object-cover`}
      />
    );
  }
  const initial = (user.name?.trim() || emailLocalPart(user.email)).charAt(0).toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-fg text-sm`}
    >
      {initial}
    </span>
  );
}
