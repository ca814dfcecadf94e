import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { ChatWindow } from '../../features/chat/components/chat-window';
import { useSession } from '../../lib/session';

export function ChatbotPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="page page--chat">
      <PageHeader
        title={t('sections.chatbot.title')}
        description={t('sections.chatbot.description')}
      />
      {/* Keyed by user: signing in as someone else starts from their own conversation. */}
      <ChatWindow key={user?.id ?? 'anonymous'} userId={user?.id} role={user?.role} />
    </div>
  );
}

export { ChatbotPage as Component };
