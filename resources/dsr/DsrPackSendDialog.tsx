import { Alert } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PACK_CHANNELS, dsrPackSendBody, type DsrPackSendBody } from '../../contract/dsrPack';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { ThaiDateSourceInput } from '../../src/components/ThaiDateSourceInput';

const sendResolver = formResolver(dsrPackSendBody, 'dsr.change.required');

/** The day, asked only when the pack went by post or by hand (an e-mail is sent now). */
function SentOn() {
  const translate = useTranslate();
  const channel = useWatch({ name: 'channel' }) as string;
  return channel === 'email' ? null : (
    <ThaiDateSourceInput source="sentOn" label={translate('dsr.pack.dialog.sent_on')} yearsAhead={0} yearsBack={1} />
  );
}

function Hint({ email }: { email: string }) {
  const translate = useTranslate();
  const channel = useWatch({ name: 'channel' }) as string;
  return (
    <Alert severity="info" sx={{ mb: 1 }}>
      {channel === 'email' ? translate('dsr.pack.dialog.email_hint', { email }) : translate('dsr.pack.dialog.final_hint')}
    </Alert>
  );
}

interface Props {
  requestId: string;
  email: string;
  busy: boolean;
  onClose(): void;
  onSave(body: DsrPackSendBody): void;
}

/** Marks the pack sent: by e-mail (both files attached, now), or by post or in person on a day, with a note. */
export function DsrPackSendDialog({ requestId, email, busy, onClose, onSave }: Props) {
  const translate = useTranslate();
  return (
    <FormDialog
      open
      title={translate('dsr.pack.dialog.title')}
      record={{ id: requestId, requestId, channel: 'email', note: '' }}
      resolver={sendResolver}
      onSubmit={(values) => onSave(values as DsrPackSendBody)}
      onClose={onClose}
      busy={busy}
      cancelLabel="dsr.pack.dialog.cancel"
      submitLabel="dsr.pack.dialog.save"
    >
      <Hint email={email} />
      <SelectInput
        source="channel"
        label={translate('dsr.pack.dialog.channel')}
        choices={PACK_CHANNELS.map((c) => ({ id: c, name: translate(`dsr.pack.channels.${c}`) }))}
        fullWidth
      />
      <SentOn />
      <TextInput source="note" label={translate('dsr.pack.dialog.note')} multiline minRows={2} fullWidth />
    </FormDialog>
  );
}
