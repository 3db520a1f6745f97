import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASYNC_CLIENT, asyncClientOf, SYNC_CLIENT } from './generate-python-async-client.mjs';

describe('the Python SDK asynchronous client, written from the synchronous one', () => {
  it('is committed as scripts/generate-python-async-client.mjs writes it from client.py', () => {
    expect(readFileSync(ASYNC_CLIENT, 'utf8')).toBe(asyncClientOf(readFileSync(SYNC_CLIENT, 'utf8')));
  });

  it('makes a method added to client.py an awaited one, and a page iterator an async one', () => {
    const sync = readFileSync(SYNC_CLIENT, 'utf8');
    const added = `${sync}
    def get_thing(self, thing_id: str, *, timeout: Optional[float] = None) -> Account:
        return self._run(Call("GET", "/api/provider/things/" + thing_id, Account, timeout=timeout))
`;
    const written = asyncClientOf(added);
    expect(written).toContain(
      '    async def get_thing(self, thing_id: str, *, timeout: Optional[float] = None) -> Account:\n' +
        '        return await self._run(Call("GET", "/api/provider/things/" + thing_id, Account, timeout=timeout))\n',
    );
    expect(written).toContain('class AsyncConduit(AsyncBase):');
    expect(written).toContain('    def with_options(');
    expect(written).not.toMatch(/^ {4}def (?!__init__|with_options|with_raw_response)/m);
    expect(written).not.toMatch(/[^t] self\._run\(|\bpaginate\(|yield from|\bIterator\[/);
  });

  it('refuses a client.py its rules no longer fit, rather than writing a wrong client', () => {
    const sync = readFileSync(SYNC_CLIENT, 'utf8');
    expect(() => asyncClientOf(sync.replace('from ._sync_base import SyncBase\n', ''))).toThrow(
      /client\.py has no import/,
    );
  });
});
