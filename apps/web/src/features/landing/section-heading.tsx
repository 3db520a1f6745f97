interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  summary: string;
}

export function SectionHeading({ id, eyebrow, title, summary }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="font-semibold text-primary-text text-sm uppercase tracking-wider">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-balance font-semibold text-3xl text-fg tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-pretty text-lg text-muted leading-relaxed">{summary}</p>
    </div>
  );
}
