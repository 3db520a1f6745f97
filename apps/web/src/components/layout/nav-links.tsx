import { Link } from 'react-router';

export interface NavItem {
  readonly label: string;
  readonly to: string;
}

/** A list of page links: the header's main links, the mobile menu and the footer's columns. */
export function NavLinks({
  items,
  className,
  linkClassName,
}: {
  items: readonly NavItem[];
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={linkClassName}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
