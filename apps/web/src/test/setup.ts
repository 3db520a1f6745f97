import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { mockApi } from './api-mock.ts';
import { installBlobUrls } from './blob-urls.ts';

// A test's first render loads the lazy route modules (layout, page, chart) through Vite's
// transform: over a second when the whole suite shares the machine's cores.
configure({ asyncUtilTimeout: 4_000 });
installBlobUrls();

beforeEach(() => {
  // Signed out, no Google: pages that check the session get an answer without a network.
  mockApi();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  delete document.documentElement.dataset.session;
});
