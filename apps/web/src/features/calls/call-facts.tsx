import type { CallDetail } from '@conduit/contracts';
import { Fact } from '../../components/ui/fact.tsx';
import { formatDate, formatQuantity } from '../../lib/format.ts';

/**
 * Which model ran the call, which key made it (masked), what it cost, which engine ran it and how
 * long its files are kept.
 */
export function CallFacts({ call }: { call: CallDetail }) {
  const net = call.creditsCharged - call.creditsRefunded;
  return (
    <dl className="grid grid-cols-2 gap-4">
      {call.model && (
        <Fact term="Model">
          {call.model.name}
          <span className="mt-0.5 block font-mono text-muted text-xs">{call.model.id}</span>
        </Fact>
      )}
      <Fact term="Key">
        {call.key.name}
        {call.key.isDeleted && <span className="text-muted"> (deleted)</span>}
        <span className="mt-0.5 block font-mono text-muted text-xs">{call.key.maskedValue}</span>
      </Fact>
      <Fact term="Engine">
        {call.engine.isDevelopmentEngine ? 'Local development engine' : call.engine.name}
      </Fact>
      <Fact term="Credits charged">{formatQuantity(call.creditsCharged, 'credit')}</Fact>
      <Fact term="Credits refunded">{formatQuantity(call.creditsRefunded, 'credit')}</Fact>
      <Fact term="Net cost">{formatQuantity(net, 'credit')}</Fact>
      {call.expiresAt && (
        // Past it, the file URLs answer 410: say so rather than offer dead links as live.
        <Fact term={Date.parse(call.expiresAt) > Date.now() ? 'Files kept until' : 'Files deleted on'}>
          {formatDate(call.expiresAt)}
        </Fact>
      )}
    </dl>
  );
}
