import { CODE_LANGUAGES, type CodeLanguage } from '@conduit/contracts';
import { useSyncExternalStore } from 'react';

export const CODE_LANGUAGE_STORAGE_KEY = 'conduit-docs-language';
const DEFAULT_LANGUAGE: CodeLanguage = 'curl';
const listeners = new Set<() => void>();
/** The choice when local storage refuses to keep it (private mode): it holds for this page. */
let memory: CodeLanguage | null = null;

const isLanguage = (value: unknown): value is CodeLanguage =>
  (CODE_LANGUAGES as readonly unknown[]).includes(value);

function read(): CodeLanguage {
  try {
    const stored = localStorage.getItem(CODE_LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the docs changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CODE_LANGUAGE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setCodeLanguage(language: CodeLanguage) {
  try {
    localStorage.setItem(CODE_LANGUAGE_STORAGE_KEY, language);
    memory = null;
  } catch {
    memory = language;
  }
  for (const listener of listeners) listener();
}

const snapshot = () => memory ?? read();

/**
 * The language of every code block on the page: one choice, kept in local storage. Prerendered
 * pages render curl on the server and switch after hydration.
 */
export function useCodeLanguage(): [CodeLanguage, (language: CodeLanguage) => void] {
  const language = useSyncExternalStore(subscribe, snapshot, () => DEFAULT_LANGUAGE);
  return [language, setCodeLanguage];
}
