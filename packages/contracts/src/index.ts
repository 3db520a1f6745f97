export * from './credits.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './product.ts';
export * from './routes.ts';
export * from './theme.ts';
export * from './timings.ts';
