import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}

function describedBy(id: string, hint?: string, error?: string) {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Label, control, hint and error in one accessible block. */
function FieldFrame({ id, label, required, hint, error, children }: FieldFrameProps) {
  const { t } = useTranslation();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : (
          <span className="field__optional">{t('common.optional')}</span>
        )}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface CommonProps {
  label: string;
  hint?: string;
  error?: string;
}

/** The accessibility attributes every field control carries: required, invalid, described by. */
function controlAria(fieldId: string, required?: boolean, hint?: string, error?: string) {
  return {
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(fieldId, hint, error),
  } as const;
}

export type TextFieldProps = CommonProps &
  InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, hint, error, required, id, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} required={required} hint={hint} error={error}>
      <input
        ref={ref}
        id={fieldId}
        className="field__control"
        {...controlAria(fieldId, required, hint, error)}
        {...rest}
      />
    </FieldFrame>
  );
}

export type TextAreaFieldProps = CommonProps &
  TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({
  label,
  hint,
  error,
  required,
  id,
  ref,
  ...rest
}: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} required={required} hint={hint} error={error}>
      <textarea
        ref={ref}
        id={fieldId}
        className="field__control field__control--textarea"
        {...controlAria(fieldId, required, hint, error)}
        {...rest}
      />
    </FieldFrame>
  );
}

export type SelectFieldProps = CommonProps &
  SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

export function SelectField({
  label,
  hint,
  error,
  required,
  id,
  ref,
  children,
  ...rest
}: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} required={required} hint={hint} error={error}>
      <select
        ref={ref}
        id={fieldId}
        className="field__control field__control--select"
        {...controlAria(fieldId, required, hint, error)}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle that says what it will do. */
export function PasswordField({ label, hint, error, required, id, ref, ...rest }: TextFieldProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const fieldId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={fieldId} label={label} required={required} hint={hint} error={error}>
      <div className="field__password">
        <input
          ref={ref}
          id={fieldId}
          type={visible ? 'text' : 'password'}
          className="field__control"
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, hint, error)}
          {...rest}
        />
        <button
          type="button"
          className="field__toggle"
          aria-controls={fieldId}
          aria-pressed={visible}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldFrame>
  );
}

export type CheckboxFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  ref?: Ref<HTMLInputElement>;
};

export function CheckboxField({ label, id, ref, ...rest }: CheckboxFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className="checkbox">
      <input ref={ref} id={fieldId} type="checkbox" className="checkbox__input" {...rest} />
      <label htmlFor={fieldId} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}
