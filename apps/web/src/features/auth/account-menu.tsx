import { ROUTES } from '@conduit/contracts';
import { LayoutDashboard, LogOut } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useDismiss } from '../../components/ui/use-dismiss.ts';
import { useDisclosure } from '../../lib/use-disclosure.ts';
import { displayName, type SessionUser } from './session-user.ts';
import { useSignOut } from './use-sign-out.ts';
import { UserAvatar } from './user-avatar.tsx';

export const ACCOUNT_MENU_LABEL = 'Account menu';

const ITEM_CLASSES =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-fg text-sm outline-none hover:bg-surface-2 focus-visible:bg-surface-2';

const itemsIn = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * The signed-in header's avatar menu (docs/product.md, "Header, footer and notifications"): name,
 * email, Dashboard and Sign out. A menu button: arrow keys move between the items, Escape and an
 * outside click close it.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { isOpen, setIsOpen, controlsId: menuId, toggleProps } = useDisclosure();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const signOut = useSignOut();

  const close = useCallback(() => {
    setIsOpen(false);
    // Leaving from inside the menu returns focus to its button instead of dropping it on <body>.
    if (menuRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
  }, [setIsOpen]);
  useDismiss(rootRef, isOpen, close);

  useEffect(() => {
    if (isOpen) itemsIn(menuRef.current)[0]?.focus();
  }, [isOpen]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemsIn(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (index + 1) % items.length,
      ArrowUp: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      items[moves[event.key] as number]?.focus();
    } else if (event.key === 'Tab') {
      setIsOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={toggleRef}
        type="button"
        aria-label={ACCOUNT_MENU_LABEL}
        aria-haspopup="menu"
        {...toggleProps}
        className="flex rounded-full"
      >
        <UserAvatar user={user} />
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={displayName(user)}
        hidden={!isOpen}
        onKeyDown={onMenuKeyDown}
        className="absolute top-full right-0 z-40 mt-2 w-64 rounded-xl border border-border bg-surface p-2 shadow-popover"
      >
        <div className="flex items-center gap-3 px-2 py-2">
          <UserAvatar user={user} />
          <div className="min-w-0">
            <p className="truncate font-medium text-fg text-sm">{displayName(user)}</p>
            <p className="truncate text-muted text-xs">{user.email}</p>
          </div>
        </div>
        <hr className="my-1 h-px border-0 bg-border" />
        <Link to={ROUTES.app} role="menuitem" tabIndex={-1} className={ITEM_CLASSES} onClick={close}>
          <LayoutDashboard aria-hidden="true" className="size-4" />
          Dashboard
        </Link>
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={ITEM_CLASSES}
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </button>
      </div>
    </div>
  );
}
