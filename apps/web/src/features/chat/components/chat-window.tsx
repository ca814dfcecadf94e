import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHAT_LANGUAGES,
  NURSERY_POULTRY_ROLES,
  TEXT_LIMITS,
  hasAnyRole,
  isReceiverRole,
  isVolunteerRole,
  type ChatLanguage,
  type Role,
} from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { useChat } from '../hooks/use-chat';
import { CHAT_LANGUAGE_NAMES, isChatLanguage } from '../lib/chat-languages';
import { CHAT_GREETINGS } from '../lib/greetings';
import { ChatBubble, TypingBubble } from './chat-bubble';
import '../../../styles/chat.css';

// Example questions in the UI language, about the asker's own side of the work (a volunteer is
// not asked "How do I donate?"); the assistant reads any language and answers in the chosen one.
type Suggestion =
  | 'howToDonate'
  | 'howToGrab'
  | 'howToRequest'
  | 'nearby'
  | 'whatFarmsReceive'
  | 'foodSafety'
  | 'myTokens';

function suggestionsFor(role: Role | undefined): readonly Suggestion[] {
  if (role && isVolunteerRole(role)) return ['howToGrab', 'foodSafety', 'myTokens'];
  // Nurseries and poultry farms take food unfit for people: people's food safety is not theirs.
  if (role && hasAnyRole(role, NURSERY_POULTRY_ROLES))
    return ['whatFarmsReceive', 'howToRequest', 'nearby'];
  if (role && isReceiverRole(role)) return ['howToRequest', 'nearby', 'foodSafety'];
  return ['howToDonate', 'foodSafety', 'myTokens'];
}

function SendIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M3.4 20.4 21 12 3.4 3.6l-.01 6.53L16 12 3.39 13.87z"
        fill="currentColor"
        stroke="none"
      />
    </svg>
  );
}

function NewChatIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8" />
      <path d="M21 3v5h-5" />
    </svg>
  );
}

interface ChatWindowProps {
  /** Whose conversation: each signed-in user keeps their own for the browser session. */
  userId: string | undefined;
  /** The asker's role, for example questions about their own work. */
  role?: Role | undefined;
}

/**
 * The assistant: a language picker, the conversation (greeting first), suggestion chips until
 * the first question, and the message box. Blank messages and a second send while a reply is
 * pending are ignored.
 */
export function ChatWindow({ userId, role }: ChatWindowProps) {
  const { t } = useTranslation();
  const chat = useChat(userId);
  const [draft, setDraft] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();
  const hasAsked = chat.entries.some((entry) => entry.sender === 'user');

  // Keep the newest line in view as messages and the typing indicator arrive.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.entries.length, chat.pending]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chat.send(draft)) setDraft('');
  }

  function handleSuggestion(question: string) {
    chat.send(question);
    inputRef.current?.focus();
  }

  function handleLanguage(value: string) {
    if (isChatLanguage(value)) chat.setLanguage(value);
  }

  return (
    <section className="chat" aria-label={t('chat.windowLabel')}>
      <div className="chat__toolbar">
        <div className="chat__language">
          <label className="field__label" htmlFor={`${ids}-language`}>
            {t('chat.languageLabel')}
          </label>
          <select
            id={`${ids}-language`}
            className="field__control field__control--select"
            value={chat.language}
            onChange={(event) => handleLanguage(event.target.value)}
          >
            {CHAT_LANGUAGES.map((code: ChatLanguage) => (
              <option key={code} value={code} lang={code}>
                {CHAT_LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
        {chat.entries.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="chat__clear"
            icon={<NewChatIcon />}
            title={t('chat.clear')}
            onClick={chat.clear}
            disabled={chat.pending}
          >
            {t('chat.clear')}
          </Button>
        ) : null}
      </div>

      <div
        ref={logRef}
        className="chat__log"
        role="log"
        aria-live="polite"
        aria-label={t('chat.logLabel')}
        aria-busy={chat.pending || undefined}
        tabIndex={0}
      >
        <ChatBubble sender="bot" text={CHAT_GREETINGS[chat.language]} lang={chat.language} />
        {chat.entries.map((entry, index) => {
          // The newest reply's suggested questions are buttons; the reply's text then leaves out
          // the lines that list them.
          const offered = index === chat.entries.length - 1 ? (entry.suggestions ?? []) : [];
          const text =
            offered.length > 0
              ? entry.text
                  .split('\n')
                  .filter((line) => !offered.some((q) => line === `• ${q}`))
                  .join('\n')
              : entry.text;
          return (
            <div key={entry.id} className="chat__turn">
              <ChatBubble sender={entry.sender} text={text} lang={entry.lang} error={entry.error} />
              {offered.length > 0 ? (
                <div
                  className="chat__suggestions chat__suggestions--reply"
                  role="group"
                  aria-label={t('chat.closestLabel')}
                >
                  {offered.map((question) => (
                    <button
                      key={question}
                      type="button"
                      className="chat-chip"
                      lang={entry.lang}
                      aria-disabled={chat.pending || undefined}
                      onClick={() => handleSuggestion(question)}
                    >
                      {question}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
          );
        })}
        {chat.pending ? <TypingBubble /> : null}
      </div>

      {hasAsked ? null : (
        <div className="chat__suggestions" role="group" aria-label={t('chat.suggestionsLabel')}>
          {suggestionsFor(role).map((name) => {
            const question = t(`chat.suggestions.${name}`);
            return (
              <button
                key={name}
                type="button"
                className="chat-chip"
                aria-disabled={chat.pending || undefined}
                onClick={() => handleSuggestion(question)}
              >
                {question}
              </button>
            );
          })}
        </div>
      )}

      <form className="chat__composer" onSubmit={handleSubmit}>
        <label className="sr-only" htmlFor={`${ids}-message`}>
          {t('chat.inputLabel')}
        </label>
        <input
          ref={inputRef}
          id={`${ids}-message`}
          className="field__control chat__input"
          type="text"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('chat.placeholder')}
          maxLength={TEXT_LIMITS.chatMessage}
          autoComplete="off"
          enterKeyHint="send"
        />
        {/* aria-disabled, not disabled: focus stays on the button while the reply loads. */}
        <Button
          type="submit"
          className="chat__send"
          icon={<SendIcon />}
          aria-disabled={chat.pending || undefined}
        >
          {t('chat.send')}
        </Button>
      </form>
    </section>
  );
}
