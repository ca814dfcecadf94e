import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FSSAI_ROLES,
  ROLES,
  alertTier,
  hasAnyRole,
  isHygieneCurrent,
  type Role,
} from '@annasetu/domain';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { RatingBadge } from '../../../components/ui/rating-badge';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useFormat } from '../../../lib/use-format';
import {
  useAdminUsers,
  useUpdateAdminUser,
  type AdminUser,
  type UserFilters,
  type UserFlags,
} from '../api/admin-api';

/** Users by role and search text, newest first, with verify and suspend actions. */
export function AdminUsers() {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const { date } = useFormat();
  const [role, setRole] = useState<UserFilters['role']>('all');
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<UserFilters>({ role: 'all', search: '' });
  const query = useAdminUsers(filters);
  const update = useUpdateAdminUser();
  const users = query.data?.pages.flatMap((page) => page.items) ?? [];
  // A suspension waits for the admin's answer in the app's own dialog.
  const [suspending, setSuspending] = useState<AdminUser | null>(null);

  function handleSearch(event: FormEvent) {
    event.preventDefault();
    setFilters({ role, search: text });
  }

  function handleRole(value: UserFilters['role']) {
    setRole(value);
    setFilters({ role: value, search: text });
  }

  function change(target: AdminUser, flags: UserFlags, done: string, confirmed = false) {
    const name = target.organizationName || target.name;
    if ('suspended' in flags && flags.suspended && !confirmed) {
      setSuspending(target);
      return;
    }
    update.mutate(
      { id: target.id, flags },
      {
        onSuccess: () => void toast.success(t(`admin.toast.${done}`, { name })),
        onError: () => void toast.error(t('admin.toast.error')),
      },
    );
  }

  return (
    <section className="page__section" aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="section-heading">
        {t('admin.usersTitle')}
      </h2>
      <form className="admin-filters" role="search" onSubmit={handleSearch}>
        {/* Filters, not form fields: no required/optional marker. */}
        <div className="field">
          <label className="field__label" htmlFor="admin-role">
            {t('admin.roleFilter')}
          </label>
          <select
            id="admin-role"
            className="field__control field__control--select"
            value={role}
            onChange={(event) => handleRole(event.target.value as UserFilters['role'])}
          >
            <option value="all">{t('admin.allRoles')}</option>
            {ROLES.map((value: Role) => (
              <option key={value} value={value}>
                {t(`roles.${value}.label`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="admin-search">
            {t('admin.search')}
          </label>
          <input
            id="admin-search"
            className="field__control"
            type="search"
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('admin.searchButton')}
        </Button>
      </form>

      {query.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : query.isError ? (
        <Alert tone="error" title={t('admin.usersError')} />
      ) : users.length === 0 ? (
        <p className="admin-empty">{t('admin.noUsers')}</p>
      ) : (
        <ul className="admin-users" aria-busy={query.isFetching || undefined}>
          {users.map((user) => {
            const name = user.organizationName || user.name;
            const isMe = user.id === me?.id;
            const busy = update.isPending && update.variables?.id === user.id;
            return (
              <li key={user.id} className="admin-user" data-testid="admin-user">
                <div className="admin-user__main">
                  <p className="admin-user__name">
                    {name}
                    <RatingBadge rating={{ average: user.rating, count: user.ratingCount }} />
                    {isMe ? <span className="chip">{t('admin.you')}</span> : null}
                  </p>
                  {user.organizationName ? <p className="admin-user__meta">{user.name}</p> : null}
                  <p className="admin-user__meta admin-user__email">{user.email}</p>
                  <p className="admin-user__chips">
                    <span className="chip">{t(`roles.${user.role}.label`)}</span>
                    {user.isVerified ? (
                      <span className="chip chip--verified">{t('admin.status.verified')}</span>
                    ) : (
                      <span className="chip chip--muted">{t('admin.status.unverified')}</span>
                    )}
                    {user.suspendedAt ? (
                      <span className="chip chip--danger">{t('admin.status.suspended')}</span>
                    ) : null}
                    {user.role === 'volunteer' && user.noShows > 0 ? (
                      <span
                        className={
                          alertTier(user.noShows) > 0 ? 'chip chip--danger' : 'chip chip--muted'
                        }
                      >
                        {t('admin.noShows', { count: user.noShows })}
                      </span>
                    ) : null}
                    {user.role === 'volunteer' ? (
                      <span
                        className={
                          isHygieneCurrent(user.hygienePassedAt) ? 'chip' : 'chip chip--muted'
                        }
                        data-testid="admin-hygiene"
                      >
                        {user.hygienePassedAt
                          ? t('hygiene.admin.passed', {
                              date: date(user.hygienePassedAt, { dateStyle: 'medium' }),
                            })
                          : t('hygiene.admin.none')}
                      </span>
                    ) : null}
                  </p>
                  {user.fssaiNumber !== null || hasAnyRole(user.role, FSSAI_ROLES) ? (
                    <p className="admin-user__meta" data-testid="admin-fssai">
                      {user.fssaiNumber ? (
                        <>
                          {t('admin.fssai.number', { number: user.fssaiNumber })}{' '}
                          <span
                            className={
                              user.fssaiVerifiedAt ? 'chip chip--verified' : 'chip chip--muted'
                            }
                          >
                            {user.fssaiVerifiedAt
                              ? t('foodSafety.fssai.verified')
                              : t('foodSafety.fssai.unverified')}
                          </span>
                        </>
                      ) : (
                        <span className="chip chip--muted">{t('foodSafety.fssai.missing')}</span>
                      )}
                    </p>
                  ) : null}
                  <p className="admin-user__meta">
                    {t('admin.joined', { date: date(user.createdAt) })}
                  </p>
                </div>
                <div
                  className="admin-user__actions"
                  role="group"
                  aria-label={t('admin.actionsFor', { name })}
                >
                  {user.isVerified ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => change(user, { isVerified: false }, 'unverified')}
                    >
                      {t('admin.unverify')}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      onClick={() => change(user, { isVerified: true }, 'verified')}
                    >
                      {t('admin.verify')}
                    </Button>
                  )}
                  {user.fssaiNumber ? (
                    <Button
                      size="sm"
                      variant={user.fssaiVerifiedAt ? 'ghost' : 'secondary'}
                      disabled={busy}
                      onClick={() =>
                        change(
                          user,
                          { fssaiVerified: !user.fssaiVerifiedAt },
                          user.fssaiVerifiedAt ? 'fssaiUnverified' : 'fssaiVerified',
                        )
                      }
                    >
                      {user.fssaiVerifiedAt ? t('admin.fssai.unverify') : t('admin.fssai.verify')}
                    </Button>
                  ) : null}
                  {isMe ? null : user.suspendedAt ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      onClick={() => change(user, { suspended: false }, 'restored')}
                    >
                      {t('admin.restore')}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="danger"
                      disabled={busy}
                      onClick={() => change(user, { suspended: true }, 'suspended')}
                    >
                      {t('admin.suspend')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="admin-more">
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('admin.loadMore')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={suspending !== null}
        title={t('admin.suspend')}
        body={
          suspending
            ? t('admin.confirmSuspend', { name: suspending.organizationName || suspending.name })
            : ''
        }
        confirmLabel={t('admin.suspend')}
        onClose={() => setSuspending(null)}
        onConfirm={() => {
          if (suspending) change(suspending, { suspended: true }, 'suspended', true);
          setSuspending(null);
        }}
      />
    </section>
  );
}
