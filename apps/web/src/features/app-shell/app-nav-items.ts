import { ROUTES } from '@conduit/contracts';
import {
  BookOpen,
  CreditCard,
  FlaskConical,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  Settings,
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
