import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('removes link tokens and OAuth codes from logged URLs and keeps the rest', () => {
    expect(redactUrl('/api/auth/verify-email?token=abc123')).toBe('/api/auth/verify-email?token=[redacted]');
    expect(redactUrl('/api/auth/google/callback?code=xyz&state=s1&iss=https%3A%2F%2Fa')).toBe(
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fa',
    );
    expect(redactUrl('/api/credits?page=2')).toBe('/api/credits?page=2');
  });
});
