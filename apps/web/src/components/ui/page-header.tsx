import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

interface PageHeaderProps {
  title: string;
  description?: string;
  actions?: ReactNode;
}

/** The page's one h1; it also names the browser tab. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="page-header">
      <div>
        <h1 className="page-header__title" tabIndex={-1}>
          {title}
        </h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
