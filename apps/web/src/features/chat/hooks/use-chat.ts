import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatLanguage } from '@annasetu/domain';
import { useSendChatMessage } from '../api/send-chat-message';
import { chatLanguageFor, isChatLanguage } from '../lib/chat-languages';
import { chatErrorText } from '../lib/error-text';
import {
  forgetOtherChats,
  historyKey,
  loadChat,
  newEntryId,
  saveChat,
  type ChatEntry,
} from '../lib/history';
import { languageOfText } from '../lib/text-language';

export interface ChatState {
  entries: ChatEntry[];
  /** The language replies come in: the person's pick, else the UI language, else English. */
  language: ChatLanguage;
  pending: boolean;
  setLanguage: (language: ChatLanguage) => void;
  /** Sends a message; false when it was ignored (blank, or a reply is still pending). */
  send: (text: string) => boolean;
  clear: () => void;
}

/** The conversation of the signed-in user, kept in sessionStorage for this browser session. */
export function useChat(userId: string | undefined): ChatState {
  const { t, i18n } = useTranslation();
  const key = historyKey(userId);
  const [initial] = useState(() => loadChat(key));
  const [entries, setEntries] = useState<ChatEntry[]>(initial.entries);
  const [picked, setPicked] = useState<ChatLanguage | undefined>(
    isChatLanguage(initial.language) ? initial.language : undefined,
  );
  const [pending, setPending] = useState(false);
  // State updates land after the render; a ref stops a second send in the same tick.
  const pendingRef = useRef(false);
  const mounted = useRef(false);
  const { mutateAsync } = useSendChatMessage();
  const uiLanguage = i18n.resolvedLanguage ?? i18n.language;
  const language = picked ?? chatLanguageFor(uiLanguage);

  useEffect(() => {
    mounted.current = true;
    forgetOtherChats(key);
    return () => {
      mounted.current = false;
    };
  }, [key]);

  useEffect(() => {
    saveChat(key, { entries, language: picked });
  }, [key, entries, picked]);

  // A reply that arrives after the person left the page still joins the stored conversation.
  const append = useCallback(
    (entry: ChatEntry) => {
      if (mounted.current) {
        setEntries((previous) => [...previous, entry]);
        return;
      }
      const stored = loadChat(key);
      saveChat(key, { ...stored, entries: [...stored.entries, entry] });
    },
    [key],
  );

  const send = useCallback(
    (text: string) => {
      const message = text.trim();
      if (!message || pendingRef.current) return false;
      pendingRef.current = true;
      setPending(true);
      append({
        id: newEntryId(),
        sender: 'user',
        text: message,
        lang: languageOfText(message, language),
      });
      mutateAsync({ message, language })
        .then(
          ({ reply, suggestions }) =>
            append({
              id: newEntryId(),
              sender: 'bot',
              text: reply,
              lang: language,
              ...(suggestions ? { suggestions } : {}),
            }),
          (error: unknown) =>
            append({
              id: newEntryId(),
              sender: 'bot',
              text: t('chat.errorMessage', { message: chatErrorText(t, i18n, error) }),
              lang: uiLanguage,
              error: true,
            }),
        )
        .finally(() => {
          pendingRef.current = false;
          if (mounted.current) setPending(false);
        });
      return true;
    },
    [append, i18n, language, mutateAsync, t, uiLanguage],
  );

  const clear = useCallback(() => setEntries([]), []);

  return { entries, language, pending, setLanguage: setPicked, send, clear };
}
