// Vitest setup of every server test file: the domain events' subscribers, as buildApp has them,
// for tests that call an operation (a fulfil, an account deletion) without building an app.
import { subscribeDomainEvents } from '../src/domain-subscribers.ts';

subscribeDomainEvents();
