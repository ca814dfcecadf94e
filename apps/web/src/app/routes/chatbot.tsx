import { ChatIcon } from '../../components/ui/icons';
import { SectionPage } from './section-page';

export function ChatbotPage() {
  return <SectionPage section="chatbot" icon={ChatIcon} />;
}

export { ChatbotPage as Component };
