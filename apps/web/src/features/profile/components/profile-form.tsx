import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FSSAI_ROLES,
  TEXT_LIMITS,
  hasAnyRole,
  type Coordinates,
  type UpdateProfileInput,
  type UserProfile,
} from '@annasetu/domain';
import { LocationPicker } from '../../../components/location-picker';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import {
  detailsToFieldCodes,
  fieldMessage,
  focusFirstInvalid,
  issuesToFieldCodes,
  type FieldCodes,
} from '../../../lib/form-errors';
import { loadFormSchemas, preloadFormSchemas, type FormSchemas } from '../../../lib/form-schemas';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { useChecking } from '../../../lib/use-checking';

/**
 * Edits name, phone, address and location (seed: name, phone, address; product: location), and a
 * food business's or food bank's FSSAI number.
 */
export function ProfileForm({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone);
  const [address, setAddress] = useState(user.address);
  const [coordinates, setCoordinates] = useState<Coordinates | null>(user.coordinates);
  const asksFssai = hasAnyRole(user.role, FSSAI_ROLES);
  const [fssaiNumber, setFssaiNumber] = useState(user.fssaiNumber ?? '');
  const [codes, setCodes] = useState<FieldCodes>({});
  const mutation = useUpdateProfile();
  const checking = useChecking();

  function showProblems(next: FieldCodes) {
    setCodes(next);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || checking.current) return;
    const input: UpdateProfileInput = {
      name,
      phone,
      address,
      coordinates,
      ...(asksFssai ? { fssaiNumber } : {}),
    };
    checking.current = true;
    loadFormSchemas()
      .then(({ updateProfileInputSchema }) => send(updateProfileInputSchema.safeParse(input)))
      .catch(() => toast.error(t('profile.toast.updateError')))
      .finally(() => {
        checking.current = false;
      });
  }

  function send(parsed: ReturnType<FormSchemas['updateProfileInputSchema']['safeParse']>) {
    if (!parsed.success) {
      showProblems(issuesToFieldCodes(parsed.error.issues));
      return;
    }
    setCodes({});
    mutation.mutate(parsed.data, {
      onSuccess: () => toast.success(t('profile.toast.updated')),
      onError: (error) => {
        toast.error(t('profile.toast.updateError'));
        if (isApiError(error) && error.details.length) {
          showProblems(detailsToFieldCodes(error.details));
        }
      },
    });
  }

  return (
    <form
      ref={formRef}
      className="form form--wide"
      noValidate
      onSubmit={handleSubmit}
      onFocus={preloadFormSchemas}
    >
      <div className="form__grid">
        <TextField
          label={t('fields.fullName')}
          name="name"
          autoComplete="name"
          required
          maxLength={TEXT_LIMITS.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldMessage(t, codes.name)}
        />
        <TextField
          label={t('fields.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          maxLength={TEXT_LIMITS.phone}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={fieldMessage(t, codes.phone)}
        />
      </div>
      <TextAreaField
        label={t('fields.address')}
        name="address"
        autoComplete="street-address"
        required
        rows={2}
        maxLength={TEXT_LIMITS.address}
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        error={fieldMessage(t, codes.address)}
      />
      {asksFssai ? (
        <TextField
          label={t('foodSafety.fssai.label')}
          name="fssaiNumber"
          hint={
            user.fssaiNumber === null
              ? t('foodSafety.fssai.hint')
              : user.fssaiVerifiedAt
                ? t('foodSafety.fssai.verified')
                : t('foodSafety.fssai.awaitingCheck')
          }
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={fssaiNumber}
          onChange={(event) => setFssaiNumber(event.target.value)}
          error={fieldMessage(t, codes.fssaiNumber)}
        />
      ) : null}
      <LocationPicker
        value={coordinates}
        onChange={setCoordinates}
        error={fieldMessage(t, codes.coordinates)}
      />
      <div className="form__actions">
        <Button type="submit" loading={checking.busy || mutation.isPending}>
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
