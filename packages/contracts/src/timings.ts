/** Client timings and limits (docs/product.md, "Timings"). */
export const API_TIMEOUT_MS = 30_000;
export const NOTIFICATION_DEFAULT_DURATION_MS = 5_000;
export const NOTIFICATION_EXIT_MS = 300;
export const LOGIN_RESEND_CONFIRMATION_MS = 5_000;
export const WAITLIST_RESEND_CONFIRMATION_MS = 3_000;
export const COPY_CONFIRMATION_MS = 2_000;
export const GOOGLE_COMPLETION_REDIRECT_MS = 1_000;
export const VERIFY_REFRESH_MS = 500;
export const VERIFY_REDIRECT_MS = 2_000;
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;
export const PAGE_MAX_WIDTH_PX = 1200;
