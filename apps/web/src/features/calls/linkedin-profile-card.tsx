import type { LinkedinProfile } from '@conduit/contracts';
import { ExternalLink, MapPin, Users } from 'lucide-react';
import { NewTabLink } from '../../components/ui/new-tab-link.tsx';
import { formatCount } from '../../lib/format.ts';

/** The scraped profile: who it is, where, how many follow them, and links out. */
export function LinkedinProfileCard({ profile }: { profile: LinkedinProfile }) {
  const facts = [
    profile.followers !== undefined && `${formatCount(profile.followers)} followers`,
    profile.connections !== undefined && `${formatCount(profile.connections)} connections`,
  ].filter(Boolean);
  return (
    <article
      aria-label={`LinkedIn profile of ${profile.name}`}
      className="rounded-2xl border border-border bg-surface p-5 shadow-card"
    >
      <h3 className="break-words font-semibold text-fg text-lg">{profile.name}</h3>
      {profile.headline && <p className="mt-1 text-fg text-sm">{profile.headline}</p>}
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-muted text-sm">
        {profile.location && (
          <li className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4" />
            {profile.location}
          </li>
        )}
        {facts.length > 0 && (
          <li className="inline-flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4" />
            {facts.join(' · ')}
          </li>
        )}
        {profile.email && <li className="break-all">{profile.email}</li>}
      </ul>
      <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <NewTabLink
          href={profile.profileUrl}
          className="inline-flex items-center gap-1.5 text-primary-text underline underline-offset-2"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          linkedin.com/in/{profile.username}
        </NewTabLink>
        {profile.website && (
          <NewTabLink
            href={profile.website}
            className="break-all text-primary-text underline underline-offset-2"
          >
            {profile.website}
          </NewTabLink>
        )}
      </div>
    </article>
  );
}
