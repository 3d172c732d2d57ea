import { useMemo } from 'react';
import { CheckboxGroupInput, NumberInput, TextInput, useTranslate } from 'react-admin';
import { API_KEY_DEFAULT_RATE, API_SCOPES, apiKeyCreateBody, type ApiKeyCreateBody } from '../../contract/apikeys';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';

interface Props {
  open: boolean;
  busy: boolean;
  onSave: (values: ApiKeyCreateBody) => void;
  onClose: () => void;
}

/** A new key: its name, its scopes and its rate, checked by the contract's rules. */
export function ApiKeyCreateDialog({ open, busy, onSave, onClose }: Props) {
  const translate = useTranslate();
  const resolver = useMemo(() => formResolver(apiKeyCreateBody, 'common.required'), []);
  const choices = API_SCOPES.map((scope) => ({ id: scope, name: translate(`apikeys.scopes.${scope}`) }));
  return (
    <FormDialog
      open={open}
      title={translate('apikeys.add_title')}
      record={{ id: open ? 'new' : undefined, name: '', scopes: ['consent:write', 'consent:read'], rateLimit: API_KEY_DEFAULT_RATE }}
      resolver={resolver}
      onSubmit={(values) => onSave(values as ApiKeyCreateBody)}
      onClose={onClose}
      busy={busy}
    >
      <TextInput source="name" label="apikeys.name" helperText="apikeys.name_hint" fullWidth autoFocus />
      <CheckboxGroupInput source="scopes" label="apikeys.scopes_label" choices={choices} row={false} />
      <NumberInput source="rateLimit" label="apikeys.rate_limit" min={10} step={100} />
    </FormDialog>
  );
}
