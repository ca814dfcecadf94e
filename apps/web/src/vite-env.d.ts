/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Changes whenever a catalogue changes, so browsers never keep stale translations. */
  readonly VITE_LOCALES_VERSION?: string;
}
