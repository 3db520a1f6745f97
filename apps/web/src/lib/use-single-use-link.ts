import { type QueryKey, useQuery } from '@tanstack/react-query';

/**
 * A mailed single-use link's answer: asked once, keyed by the link's token, so StrictMode's second
 * mount and any re-render share the one request; never retried or asked again (the token is
 * spent). Without a token nothing is asked.
 */
export function useSingleUseLink<Answer>(
  key: QueryKey,
  token: string,
  answer: (token: string) => Promise<Answer>,
) {
  return useQuery({
    queryKey: [...key, token],
    queryFn: () => answer(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
