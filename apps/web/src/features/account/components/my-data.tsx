import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { translateError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useDeleteAccount, useDownloadMyData } from '../api/my-data';
import '../account.css';

/** "My data" on the profile: download everything as JSON, or delete the account. */
export function MyData() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const download = useDownloadMyData();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);

  function handleDownload() {
    download.mutate(undefined, {
      onError: () => void toast.error(t('account.downloadError')),
    });
  }

  function handleOpen() {
    setConfirming(true);
    setError(undefined);
    setTimeout(() => passwordRef.current?.focus(), 0);
  }

  function handleCancel() {
    setConfirming(false);
    setPassword('');
    setError(undefined);
    setTimeout(() => openRef.current?.focus(), 0);
  }

  function handleDelete(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(t('errors.REQUIRED_FIELDS_MISSING'));
      passwordRef.current?.focus();
      return;
    }
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          void toast.success(t('account.deleted'));
          remove.forgetSession();
          void navigate('/', { replace: true });
        },
        onError: (failure) => {
          setError(translateError(t, failure));
          passwordRef.current?.focus();
        },
      },
    );
  }

  return (
    <section className="panel page__section my-data" aria-labelledby="my-data-title">
      <div>
        <h2 id="my-data-title" className="section-heading">
          {t('account.title')}
        </h2>
        <p className="section-lead">{t('account.description')}</p>
      </div>
      <div>
        <Button variant="secondary" onClick={handleDownload} loading={download.isPending}>
          {t('account.download')}
        </Button>
      </div>
      <div className="my-data__danger">
        <h3 className="my-data__danger-title">{t('account.deleteTitle')}</h3>
        <p className="my-data__danger-body">{t('account.deleteBody')}</p>
        {confirming ? (
          <form className="my-data__confirm" onSubmit={handleDelete} noValidate>
            <PasswordField
              ref={passwordRef}
              label={t('account.passwordLabel')}
              autoComplete="current-password"
              required
              value={password}
              error={error}
              onChange={(event) => setPassword(event.target.value)}
            />
            <div className="my-data__actions">
              <Button type="submit" variant="danger" loading={remove.isPending}>
                {t('account.confirmDelete')}
              </Button>
              <Button variant="ghost" onClick={handleCancel} disabled={remove.isPending}>
                {t('account.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <div>
            <Button ref={openRef} variant="danger" onClick={handleOpen}>
              {t('account.deleteButton')}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
