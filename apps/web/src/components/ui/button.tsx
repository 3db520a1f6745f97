import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-styles.ts';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & StyleProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & StyleProps) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}

/** A small ghost button acting on one row: its icon and text, and `label` naming the row for screen readers. */
export function RowActionButton({
  label,
  icon: Icon,
  isBusy,
  onClick,
  children,
}: {
  label: string;
  icon: LucideIcon;
  isBusy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} disabled={isBusy} onClick={onClick}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}
