import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address.tsx';

describe('EmailAddress', () => {
  it('reads as the address, with break opportunities only before the @ and the dots of the domain', () => {
    const { container } = render(
      <p className="break-all">
        <EmailAddress email="grace.hopper@mail.example.com" />
      </p>,
    );
    const address = container.querySelector('p > span') as HTMLElement;
    expect(address).toHaveTextContent('grace.hopper@mail.example.com');
    expect(address).toHaveClass('break-normal');
    // <wbr> before "@", ".example" and ".com"; none inside the local part or a label.
    const breaks = [...address.querySelectorAll('wbr')].map((wbr) => wbr.nextSibling?.textContent?.[0]);
    expect(breaks).toEqual(['@', '.', '.']);
  });

  it('shows anything that is not an address as it is', () => {
    const { container } = render(<EmailAddress email="deleted user" />);
    expect(container).toHaveTextContent('deleted user');
    expect(container.querySelectorAll('wbr')).toHaveLength(0);
  });
});
