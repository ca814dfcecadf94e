import { CHAT_SENDERS, type ChatSender } from '@annasetu/domain';

/** One line of the conversation as the page keeps it. */
export interface ChatEntry {
  id: string;
  sender: ChatSender;
  text: string;
  /** BCP 47 tag of the text, for <… lang>. */
  lang: string;
  /** An "Error: …" line shown as the assistant's. */
  error?: boolean;
  /** Questions the assistant offers when it was unsure what was meant (tapping one asks it). */
  suggestions?: string[];
}

// Enough for a long session without filling sessionStorage.
const MAX_ENTRIES = 200;

const KEY_PREFIX = 'annasetu.chat.';

/** Storage key per user: a second account in the same tab never sees the first one's chat. */
export function historyKey(userId: string | undefined): string {
  return `${KEY_PREFIX}${userId ?? 'anonymous'}`;
}

/** Drops conversations of anyone else who used this tab before (a shared computer). */
export function forgetOtherChats(key: string): void {
  try {
    const storage = window.sessionStorage;
    const others: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const name = storage.key(i);
      if (name?.startsWith(KEY_PREFIX) && name !== key) others.push(name);
    }
    others.forEach((name) => storage.removeItem(name));
  } catch {
    // Storage refused: nothing was kept either.
  }
}

function isEntry(value: unknown): value is ChatEntry {
  const v = value as Partial<ChatEntry> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    (CHAT_SENDERS as readonly string[]).includes(v.sender as string) &&
    typeof v.text === 'string' &&
    typeof v.lang === 'string'
  );
}

export interface StoredChat {
  entries: ChatEntry[];
  /** The language the person picked, if they picked one (otherwise it follows the UI). */
  language?: string;
}

/** The conversation kept for this browser session; empty when there is none or it is unreadable. */
export function loadChat(key: string): StoredChat {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return { entries: [] };
    const parsed = JSON.parse(raw) as { entries?: unknown; language?: unknown };
    const entries = Array.isArray(parsed.entries) ? parsed.entries.filter(isEntry) : [];
    const language = typeof parsed.language === 'string' ? parsed.language : undefined;
    return { entries, language };
  } catch {
    return { entries: [] };
  }
}

export function saveChat(key: string, chat: StoredChat): void {
  try {
    window.sessionStorage.setItem(
      key,
      JSON.stringify({ ...chat, entries: chat.entries.slice(-MAX_ENTRIES) }),
    );
  } catch {
    // Private modes may refuse storage: the conversation then lasts as long as the page.
  }
}

let counter = 0;
/** An id unique within the page's lifetime (keys for React, nothing more). */
export function newEntryId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}`;
}
