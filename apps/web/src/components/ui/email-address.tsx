/**
 * An email address that may wrap only before its "@" or a dot of its domain, never inside a word
 * (the containers' own `break-all` or `break-words` would split "grace@exa" / "mple.com").
 */
export function EmailAddress({ email, className = '' }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domainParts = at > 0 ? email.slice(at + 1).split('.') : [];
  return (
    <span className={`break-normal ${className}`}>
      {local}
      {domainParts.length > 0 && (
        <>
          <wbr />@
          {domainParts.map((part, index) => (
            // The parts of one address in their order: the position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed split of one string
            <span key={index}>
              {index > 0 && (
                <>
                  <wbr />.
                </>
              )}
              {part}
            </span>
          ))}
        </>
      )}
    </span>
  );
}
