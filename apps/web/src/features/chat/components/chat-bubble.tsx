import { useTranslation } from 'react-i18next';
import type { ChatSender } from '@annasetu/domain';

interface ChatBubbleProps {
  sender: ChatSender;
  text: string;
  /** BCP 47 tag of the text: Indic scripts shape and are read aloud correctly only with it. */
  lang: string;
  error?: boolean;
}

/** One line of the conversation; a hidden "You:" or "Assistant:" tells screen readers who. */
export function ChatBubble({ sender, text, lang, error = false }: ChatBubbleProps) {
  const { t } = useTranslation();
  const classes = ['chat-msg', `chat-msg--${sender}`, error && 'chat-msg--error']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} data-testid={`chat-${sender}`}>
      <span className="sr-only">{sender === 'user' ? t('chat.you') : t('chat.assistant')} </span>
      <p className="chat-msg__text" lang={lang}>
        {text}
      </p>
    </div>
  );
}

/** The assistant's turn while its reply is on the way. */
export function TypingBubble() {
  const { t } = useTranslation();
  return (
    <div className="chat-msg chat-msg--bot chat-msg--typing" data-testid="chat-typing">
      <span className="chat-typing" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="sr-only">{t('chat.thinking')}</span>
    </div>
  );
}
