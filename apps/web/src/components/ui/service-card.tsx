import { SERVICE_LABELS, SERVICES, type Service } from '@conduit/contracts';
import { Fragment, type ReactNode } from 'react';
import { LabelledCard } from './labelled-card.tsx';

/**
 * One service's card in a grid of the four: its name names the region, then a large figure, a line
 * about it and a footer line set apart.
 */
export function ServiceCard({
  service,
  figure,
  detail,
  footer,
}: {
  service: Service;
  figure: string;
  detail: ReactNode;
  footer: ReactNode;
}) {
  return (
    <LabelledCard className="p-4 sm:p-5">
      {(labelId) => (
        <>
          <h3 id={labelId} className="font-medium text-fg text-sm">
            {SERVICE_LABELS[service]}
          </h3>
          <p className="mt-3 font-semibold text-fg text-xl tracking-tight sm:text-2xl">{figure}</p>
          <p className="mt-1 text-muted text-sm">{detail}</p>
          <p className="mt-3 border-border border-t pt-3 text-muted text-xs">{footer}</p>
        </>
      )}
    </LabelledCard>
  );
}

/** One card per paid service, two abreast on phones and four on wide screens. */
export function ServiceCards({ children }: { children: (service: Service) => ReactNode }) {
  return (
    <div className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {SERVICES.map((service) => (
        <Fragment key={service}>{children(service)}</Fragment>
      ))}
    </div>
  );
}
