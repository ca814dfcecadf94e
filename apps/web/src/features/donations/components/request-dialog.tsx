import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS, type Donation } from '@annasetu/domain';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { translateError } from '../../../lib/errors';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRequestDonation } from '../api/donation-mutations';

interface RequestDialogProps {
  donation: Donation | null;
  onClose: () => void;
}

/** Asks for a donation with an optional note to the donor (createRequest(donationId, {notes})). */
export function RequestDialog({ donation, onClose }: RequestDialogProps) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState('');
  // The note belongs to one donation: another donation's dialog starts empty, or a note typed
  // for one donor (and cancelled) would be sent to the next.
  const [notesFor, setNotesFor] = useState(donation?.id);
  if (donation && donation.id !== notesFor) {
    setNotesFor(donation.id);
    setNotes('');
  }
  const mutation = useRequestDonation();

  function handleSend() {
    if (!donation) return;
    mutation.mutate(
      { id: donation.id, input: { notes, foodType: donation.foodType } },
      {
        onSuccess: () => {
          void toast.success(t('donations.toast.requested'));
          setNotes('');
          onClose();
        },
        onError: (error) => {
          // Asked already (from another tab or device): nothing is left to send here.
          if (isApiError(error) && error.code === 'ALREADY_REQUESTED') onClose();
          const known = isApiError(error) && error.status < 500 && error.status !== 400;
          void toast.error(
            known
              ? `${t('donations.toast.requestError')}: ${translateError(t, error)}`
              : t('donations.toast.requestError'),
          );
        },
      },
    );
  }

  return (
    <Dialog
      open={donation !== null}
      title={t('donations.requestDialog.title', { food: donation?.foodType ?? '' })}
      onClose={onClose}
      busy={mutation.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button loading={mutation.isPending} onClick={handleSend}>
            {t('donations.requestDialog.send')}
          </Button>
        </>
      }
    >
      <TextAreaField
        label={t('donations.requestDialog.notes')}
        hint={t('donations.requestDialog.notesHint')}
        rows={3}
        maxLength={TEXT_LIMITS.notes}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
    </Dialog>
  );
}
