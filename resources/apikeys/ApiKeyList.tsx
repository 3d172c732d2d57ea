import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  TextField,
  useCreate,
  useListContext,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { ApiKey, ApiKeyCreateBody } from '../../contract/apikeys';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ListFilters } from '../../src/components/ListFilters';
import { PagedList } from '../../src/components/PagedList';
import { RowAction } from '../../src/components/RowAction';
import { RowNumberField } from '../../src/components/RowNumberField';
import { useConfirmedDelete } from '../../src/components/useConfirmedDelete';
import { ApiKeyCreateDialog } from './ApiKeyCreateDialog';
import { ApiKeySecretDialog } from './ApiKeySecretDialog';

/** The toasts' screen codes of this page. */
export const API_KEY_CODES = { list: 'KEY#001', add: 'KEY#002', revoke: 'KEY#003' } as const;

/** Revoke, after the typed confirmation (a revoked key stays listed: its consent records name it). */
function RevokeButton() {
  const key = useRecordContext<ApiKey>();
  const revoke = useConfirmedDelete<ApiKey>('api-keys', { deleted: 'apikeys.revoked_success', screenCode: API_KEY_CODES.revoke });
  if (!key || key.revoked_dt) return null;
  return (
    <>
      <RowAction label="apikeys.revoke" color="error" icon={<BlockIcon fontSize="small" />} onClick={() => revoke.ask(key)} />
      {revoke.dialog}
    </>
  );
}

function KeyGrid({ canEdit }: { canEdit: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { filterValues } = useListContext();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<EmptyList searching={Boolean(filterValues.search)} />}>
      <RowNumberField label="common.number" />
      <TextField source="name" label="apikeys.columns.name" />
      {/* `pdpa_live_` and the key id's first 8 characters tell the keys apart */}
      <FunctionField<ApiKey> label="apikeys.columns.prefix" sortable={false} render={(k) => <code>{k.prefix.slice(0, 18)}…</code>} />
      <FunctionField<ApiKey>
        label="apikeys.columns.scopes"
        sortable={false}
        render={(k) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {k.scopes.map((s) => (
              <Chip key={s} size="small" variant="outlined" label={s} title={translate(`apikeys.scopes.${s}`)} />
            ))}
          </Box>
        )}
      />
      <FunctionField<ApiKey>
        label="apikeys.columns.created"
        sortBy="created_dt"
        render={(k) => (
          <>
            {formatDate(k.created_dt, locale)}
            {k.createdBy ? (
              <Typography variant="caption" color="text.secondary" component="div">
                {translate('apikeys.created_by', { name: k.createdBy })}
              </Typography>
            ) : null}
          </>
        )}
      />
      <FunctionField<ApiKey>
        label="apikeys.columns.last_used"
        sortBy="lastUsed_dt"
        render={(k) => (k.lastUsed_dt ? formatDate(k.lastUsed_dt, locale, true) : translate('apikeys.never_used'))}
      />
      <FunctionField<ApiKey>
        label="apikeys.columns.state"
        sortable={false}
        render={(k) =>
          k.revoked_dt ? (
            <Chip size="small" label={`${translate('apikeys.revoked')} ${formatDate(k.revoked_dt, locale)}`} />
          ) : (
            <Chip size="small" color="success" variant="outlined" label={translate('apikeys.active')} />
          )
        }
      />
      {canEdit ? <FunctionField label="common.actions" sortable={false} render={() => <RevokeButton />} /> : null}
    </Datagrid>
  );
}

/** The company's API keys: search, create (the secret shown once), the list with scopes and last use, revoke. */
export function ApiKeyList() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const canEdit = useCanEdit('settings');
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string }>();
  const [create, { isPending }] = useCreate<ApiKey & { secret: string }>();

  const save = (data: ApiKeyCreateBody) =>
    create(
      'api-keys',
      { data },
      {
        onSuccess: (key) => {
          setAdding(false);
          setCreated({ name: key.name, secret: key.secret });
          notify('apikeys.created_success', { type: 'success' });
          refresh();
        },
        onError: (error) => notifyError(error, API_KEY_CODES.add),
      },
    );

  return (
    <>
      <PagedList resource="api-keys" screenCode={API_KEY_CODES.list}>
        <ListFilters
          search
          actions={
            canEdit ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                {translate('apikeys.add')}
              </Button>
            ) : null
          }
        />
        <KeyGrid canEdit={canEdit} />
      </PagedList>
      <ApiKeyCreateDialog open={adding} busy={isPending} onSave={save} onClose={() => setAdding(false)} />
      <ApiKeySecretDialog created={created} onClose={() => setCreated(undefined)} />
    </>
  );
}
