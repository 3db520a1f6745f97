import { ROUTES } from '@conduit/contracts';
import {
  BookOpen,
  CreditCard,
  FlaskConical,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  Settings,
  ShieldCheck,
} from 'lucide-react';

export const APP_NAV = [
  { label: 'Dashboard', to: ROUTES.app, Icon: LayoutDashboard, isEnd: true },
  { label: 'Playground', to: ROUTES.appPlayground, Icon: FlaskConical, isEnd: false },
  { label: 'API Keys', to: ROUTES.appApiKeys, Icon: KeyRound, isEnd: false },
  { label: 'Credits', to: ROUTES.appCredits, Icon: CreditCard, isEnd: false },
  { label: 'API Docs', to: ROUTES.appDocs, Icon: BookOpen, isEnd: false },
  { label: 'Support', to: ROUTES.appSupport, Icon: LifeBuoy, isEnd: false },
  { label: 'Settings', to: ROUTES.appSettings, Icon: Settings, isEnd: false },
] as const;

/** Shown to admins only: the admin area lives outside /app, with a layout of its own. */
export const ADMIN_NAV_ITEM = { label: 'Admin', to: ROUTES.admin, Icon: ShieldCheck, isEnd: false } as const;
