/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i] as number[];
      const up = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The command a mistyped one most likely meant (`imgae` -> `image`, `balanc` -> `balance`): the
 * nearest within two edits (one for names of up to four letters), or one the typed text starts; none
 * when nothing is that near.
 */
export function closestCommand(typed: string, commands: readonly string[]): string | undefined {
  const text = typed.toLowerCase();
  const allowed = text.length <= 4 ? 1 : 2;
  let best: { name: string; edits: number } | undefined;
  for (const name of commands) {
    const edits = distance(text, name);
    if (edits <= allowed && (!best || edits < best.edits)) best = { name, edits };
  }
  return best?.name ?? (text.length >= 3 ? commands.find((name) => name.startsWith(text)) : undefined);
}

/** "Unknown command imgae. Did you mean `conduit image`?" */
export function unknownCommandText(typed: string, commands: readonly string[]): string {
  const meant = closestCommand(typed, commands);
  return `Unknown command ${typed}.${meant ? ` Did you mean \`conduit ${meant}\`?` : ''}`;
}
