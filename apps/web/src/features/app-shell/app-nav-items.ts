import { ROUTES, type WorkspaceAction } from '@conduit/contracts';
import {
  BookOpen,
  CreditCard,
  FlaskConical,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  ScrollText,
  Settings,
  ShieldCheck,
  Users,
  Webhook,
} from 'lucide-react';

/**
 * The sidebar's pages; `permission` names what the member's role must allow
 * (WORKSPACE_PERMISSIONS), and a page whose role lacks it is neither listed nor shown.
 */
export const APP_NAV = [
  { label: 'Dashboard', to: ROUTES.app, Icon: LayoutDashboard, isEnd: true },
  { label: 'Playground', to: ROUTES.appPlayground, Icon: FlaskConical, isEnd: false, permission: 'useCalls' },
  { label: 'Logs', to: ROUTES.appLogs, Icon: ScrollText, isEnd: false, permission: 'useCalls' },
  { label: 'API Keys', to: ROUTES.appApiKeys, Icon: KeyRound, isEnd: false, permission: 'useKeys' },
  { label: 'Credits', to: ROUTES.appCredits, Icon: CreditCard, isEnd: false },
  // Every role: billing members set the endpoint for balance.low; the log is for roles that see calls.
  { label: 'Webhooks', to: ROUTES.appWebhooks, Icon: Webhook, isEnd: false },
  { label: 'Team', to: ROUTES.appTeam, Icon: Users, isEnd: false },
  { label: 'API Docs', to: ROUTES.appDocs, Icon: BookOpen, isEnd: false },
  { label: 'Support', to: ROUTES.appSupport, Icon: LifeBuoy, isEnd: false },
  { label: 'Settings', to: ROUTES.appSettings, Icon: Settings, isEnd: false },
] as const satisfies readonly {
  label: string;
  to: string;
  Icon: unknown;
  isEnd: boolean;
  permission?: WorkspaceAction;
}[];

/** Pages outside the sidebar that a role may also lack: one call's details. */
const OTHER_PAGES: readonly { prefix: string; label: string; permission: WorkspaceAction }[] = [
  { prefix: `${ROUTES.appCalls}/`, label: 'Call', permission: 'useCalls' },
];

const navItemOf = (pathname: string) =>
  APP_NAV.find((entry) =>
    entry.isEnd ? pathname === entry.to : pathname === entry.to || pathname.startsWith(`${entry.to}/`),
  );

/** What the page at `pathname` needs the role to allow, if anything. */
export function pagePermission(pathname: string): WorkspaceAction | undefined {
  const item = navItemOf(pathname);
  if (item && 'permission' in item) return item.permission;
  return OTHER_PAGES.find((page) => pathname.startsWith(page.prefix))?.permission;
}

/** The name of the page at `pathname` ("API Keys"), for a title of its own when it cannot show. */
export function pageLabel(pathname: string): string {
  return (
    navItemOf(pathname)?.label ??
    OTHER_PAGES.find((page) => pathname.startsWith(page.prefix))?.label ??
    'Page'
  );
}

/** Shown to admins only: the admin area lives outside /app, with a layout of its own. */
export const ADMIN_NAV_ITEM = { label: 'Admin', to: ROUTES.admin, Icon: ShieldCheck, isEnd: false } as const;
