import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { refetchCurrentUser, type SessionUser } from '../auth/session-user.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { DISABLE_TWO_FACTOR_TITLE, DisableTwoFactorDialog } from './disable-two-factor-dialog.tsx';
import { ENABLE_TWO_FACTOR_TITLE, EnableTwoFactorDialog } from './enable-two-factor-dialog.tsx';
import { NEW_RECOVERY_CODES_TITLE, NewRecoveryCodesDialog } from './new-recovery-codes-dialog.tsx';
import { securityApi, TWO_FACTOR_QUERY_KEY } from './security-api.ts';

/**
 * Two-factor authentication (TOTP): whether it is on, how many recovery codes are left, on and off,
 * and new recovery codes while it is on.
 */
export function TwoFactorSection({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const [dialog, setDialog] = useState<'enable' | 'disable' | 'codes' | null>(null);
  const status = useQuery({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: securityApi.twoFactor });
  const isOn = status.data?.enabled ?? user.hasTwoFactor;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
    void refetchCurrentUser(queryClient).catch(() => undefined);
  };

  return (
    <SectionCard title="Two-factor authentication" icon={ShieldCheck}>
      <p className="mt-2 text-muted text-sm">
        {isOn
          ? `On. Signing in asks for a code from your authenticator app. ${status.data?.recoveryCodesLeft ?? 0} recovery codes left.`
          : 'Off. Add a code from an authenticator app to every sign-in, so a stolen password is not enough.'}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant={isOn ? 'secondary' : 'primary'}
          onClick={() => setDialog(isOn ? 'disable' : 'enable')}
        >
          {isOn ? DISABLE_TWO_FACTOR_TITLE : ENABLE_TWO_FACTOR_TITLE}
        </Button>
        {isOn && (
          <Button variant="secondary" onClick={() => setDialog('codes')}>
            {NEW_RECOVERY_CODES_TITLE}
          </Button>
        )}
      </div>
      {dialog === 'enable' && (
        <EnableTwoFactorDialog
          email={user.email}
          hasPassword={user.hasPassword}
          onEnabled={refresh}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'disable' && (
        <DisableTwoFactorDialog
          onClose={() => setDialog(null)}
          onDisabled={(message) => {
            success({ message });
            setDialog(null);
            refresh();
          }}
        />
      )}
      {dialog === 'codes' && (
        <NewRecoveryCodesDialog email={user.email} onReplaced={refresh} onClose={() => setDialog(null)} />
      )}
    </SectionCard>
  );
}
