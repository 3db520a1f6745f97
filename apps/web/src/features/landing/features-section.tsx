import { Check } from 'lucide-react';
import { LandingSection } from './section-heading.tsx';
import { costLabel, SERVICES } from './services.ts';

export function FeaturesSection() {
  return (
    <LandingSection
      name="features"
      isAnchor
      eyebrow="Services"
      title="Four production-ready APIs. One balance."
      summary="Every service draws from the same credits, so you can prototype with images today and ship video tomorrow without a new contract or a new key."
    >
      <ul className="mt-14 grid gap-5 md:grid-cols-2">
        {SERVICES.map((service) => (
          <li
            key={service.key}
            className="group flex flex-col rounded-2xl border border-border bg-surface p-6 shadow-card transition-colors hover:border-primary-text/40 sm:p-8"
          >
            <div className="flex items-start justify-between gap-4">
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary-text">
                <service.Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="rounded-full border border-border bg-bg px-3 py-1 font-medium text-fg text-xs">
                {costLabel(service)}
              </span>
            </div>
            <h3 className="mt-6 font-semibold text-fg text-lg">{service.title}</h3>
            <p className="mt-2 text-muted leading-relaxed">{service.description}</p>
            <ul className="mt-5 space-y-2">
              {service.highlights.map((highlight) => (
                <li key={highlight} className="flex items-center gap-2 text-fg text-sm">
                  <Check aria-hidden="true" className="size-4 shrink-0 text-primary-text" />
                  {highlight}
                </li>
              ))}
            </ul>
            <p className="mt-6 border-border border-t pt-4 font-mono text-muted text-xs">
              {service.endpoint}
            </p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
