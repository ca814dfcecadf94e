import type { ReactNode, Ref } from 'react';

interface AlertProps {
  tone?: 'error' | 'success' | 'info';
  title?: string;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
  id?: string;
}

/** An inline message. Errors are announced at once (role=alert); others politely. */
export function Alert({ tone = 'info', title, children, ref, id }: AlertProps) {
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      className={`alert alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {title ? <p className="alert__title">{title}</p> : null}
      {children ? <div className="alert__body">{children}</div> : null}
    </div>
  );
}
