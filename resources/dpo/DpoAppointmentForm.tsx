import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Form, SelectInput, TextInput, useCreate, useDataProvider, useGetList, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useFormContext, useFormState, useWatch, type FieldValues, type Resolver, type ResolverResult } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  DPO_KINDS,
  bangkokDate,
  dpoAppointmentCreateBody,
  dpoAppointmentInput,
  type DpoAppointment,
  type DpoAppointmentValues,
} from '../../contract/dpo';
import type { AppDataProvider } from '../../dataProvider';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { CheckboxInput } from '../../src/components/CheckboxInput';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { fieldErrorsOf } from '../../src/components/serverFieldError';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ThaiDateSourceInput } from '../../src/components/ThaiDateSourceInput';
import { BoardMembers } from './BoardMembers';
import type { DpoAppointmentRecord } from './definition';
import { SCREEN } from './dpoApi';

const EMPTY = (): DpoAppointmentValues & { replaceCurrent: boolean } => ({
  kind: 'staff',
  userId: null,
  name: '',
  representative: '',
  members: [],
  contact: { email: '', phone: '', address: '' },
  appointedOn: bangkokDate(),
  termEndsOn: null,
  officeInformedOn: null,
  orderNo: '',
  duties: '',
  sharedWithGroup: false,
  groupName: '',
  groupCompanies: '',
  replaceCurrent: false,
});
const valuesOf = (a: DpoAppointment): DpoAppointmentValues & { id: string } => ({
  id: a._id,
  kind: a.kind,
  userId: a.userId,
  name: a.name,
  representative: a.representative,
  members: a.members,
  contact: a.contact,
  appointedOn: a.appointedOn,
  termEndsOn: a.termEndsOn,
  officeInformedOn: a.officeInformedOn,
  orderNo: a.orderNo,
  duties: a.duties,
  sharedWithGroup: a.sharedWithGroup,
  groupName: a.groupName,
  groupCompanies: a.groupCompanies,
});

const editResolver = formResolver(dpoAppointmentInput, 'common.required') as unknown as Resolver<FieldValues>;
const createResolver = formResolver(dpoAppointmentCreateBody, 'common.required') as unknown as Resolver<FieldValues>;
/** A new appointment while one is current must say, on purpose, that it replaces it. */
const replacingResolver: Resolver<FieldValues> = async (values, ...rest) => {
  const result = await createResolver(values, ...rest);
  if (values.replaceCurrent) return result;
  return { values: {}, errors: { ...result.errors, replaceCurrent: { type: 'custom', message: 'dpo.form.must_replace' } } } as ResolverResult;
};

type People = { _id: string; name: string; email?: string | null }[];

/** The appointed: a staff member (bringing their e-mail as the contact), or a name; a firm's representative; a board's members. */
function AppointeeInputs({ people }: { people: People }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`dpo.form.${key}`);
  const { getValues, setValue } = useFormContext();
  const kind = useWatch({ name: 'kind' }) as DpoAppointmentValues['kind'];
  const pickStaff = (userId: string) => {
    const person = people.find((p) => p._id === userId);
    if (!getValues('contact.email') && person?.email) setValue('contact.email', person.email, { shouldDirty: true });
  };
  const nameLabel = kind === 'firm' ? t('firm_name') : kind === 'board' ? t('board_name') : t('name');
  return (
    <>
      {kind === 'staff' ? (
        <SelectInput
          source="userId"
          label={t('user')}
          choices={people.map((p) => ({ id: p._id, name: p.name }))}
          // a person no longer listed shows as none picked
          format={(userId: string | null) => (people.some((p) => p._id === userId) ? userId : '')}
          parse={(value: string) => value || null}
          onChange={(e) => pickStaff(e.target.value)}
        />
      ) : (
        <TextInput source="name" label={nameLabel} />
      )}
      {kind === 'firm' ? <TextInput source="representative" label={t('representative')} helperText={false} /> : null}
      {kind === 'board' ? <BoardMembers people={people} /> : null}
    </>
  );
}

/** s.41 para. 2: the same DPO named by several affiliated companies; each company keeps (and sees) only its own appointment. */
function GroupInputs() {
  const translate = useTranslate();
  const shared = useWatch({ name: 'sharedWithGroup' }) as boolean;
  return (
    <Box sx={{ mb: 1 }}>
      <CheckboxInput source="sharedWithGroup" label={translate('dpo.form.shared_with_group')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('dpo.form.shared_hint')}
      </Typography>
      {shared ? (
        <>
          <TextInput source="groupName" label={translate('dpo.form.group_name')} fullWidth />
          <TextInput
            source="groupCompanies"
            label={translate('dpo.form.group_companies')}
            helperText={translate('dpo.form.group_companies_hint')}
            multiline
            fullWidth
          />
        </>
      ) : null}
    </Box>
  );
}

function ReplaceCurrent({ name }: { name: string }) {
  const translate = useTranslate();
  const { errors } = useFormState({ name: 'replaceCurrent' });
  return (
    <Box>
      <CheckboxInput source="replaceCurrent" label={translate('dpo.form.replace_current', { name })} />
      {errors.replaceCurrent ? <Alert severity="error">{translate('dpo.form.must_replace')}</Alert> : null}
    </Box>
  );
}

/** `/dpo/assing/{dpoId?}`: appoint a DPO (replacing the current one on purpose), or edit an appointment. */
export function DpoAppointmentForm() {
  const { dpoId } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit('dpo');
  const dataProvider = useDataProvider<AppDataProvider>();
  const existing = useGetOne<DpoAppointmentRecord>('dpo-appointments', { id: dpoId! }, { enabled: Boolean(dpoId), retry: false });
  const currentList = useGetList<DpoAppointmentRecord>('dpo-appointments', { pagination: { page: 1, perPage: 1 } }, { enabled: !dpoId });
  const people = useQuery({ queryKey: ['dpo-people'], queryFn: () => dataProvider.dpoPeople(), retry: false, enabled: canEdit });
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  useEffect(() => {
    if (people.error) notifyError(people.error, SCREEN.people);
  }, [people.error, notifyError]);
  const current = (currentList.meta?.current ?? null) as DpoAppointment | null;
  const mustReplace = !dpoId && !!current;
  const record = useMemo(() => (existing.data ? valuesOf(existing.data) : EMPTY()), [existing.data]);

  if (dpoId && existing.isPending) return <Skeleton variant="rectangular" height={300} aria-busy="true" />;
  if (dpoId && existing.error) return <LoadFailed error={existing.error} onRetry={() => void existing.refetch()} />;
  const t = (key: string, options?: Record<string, unknown>) => translate(`dpo.form.${key}`, options);

  /** a server refusal naming a field is given back to the form (`resolve`), which shows it on that field */
  const saved = (resolve: (onField?: Record<string, string>) => void) => ({
    onSuccess: () => {
      resolve();
      notify('dpo.form.saved', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['dpo-appointments'] });
      void queryClient.invalidateQueries({ queryKey: ['people', 'dpo-list'] });
      navigate('/dpo/list');
    },
    onError: (e: unknown) => {
      const onField = fieldErrorsOf(e);
      if (!onField) notifyError(e, SCREEN.save);
      resolve(onField);
    },
  });
  const save = (values: FieldValues) =>
    new Promise<Record<string, string> | undefined>((resolve) => {
      if (dpoId)
        update('dpo-appointments', { id: dpoId, data: values, previousData: existing.data }, { ...saved(resolve), mutationMode: 'pessimistic' });
      else create('dpo-appointments', { data: { ...values, replaceCurrent: mustReplace && values.replaceCurrent } }, saved(resolve));
    });

  return (
    <Form
      record={record}
      resolver={dpoId ? editResolver : mustReplace ? replacingResolver : createResolver}
      onSubmit={save}
      warnWhenUnsavedChanges
      noValidate
    >
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 960 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t(dpoId ? 'edit_title' : 'add_title')}
        </Typography>
        <Stack>
          <SelectInput
            source="kind"
            label={t('kind')}
            choices={DPO_KINDS.map((k) => ({ id: k, name: translate(`dpo.kinds.${k}`) }))}
            disabled={!canEdit}
            helperText={false}
            sx={{ mb: 2 }}
          />
          <AppointeeInputs people={people.data ?? []} />
          <Box sx={{ mt: 1 }}>
            <Typography variant="subtitle1">{t('contact')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('contact_hint')}
            </Typography>
            <Stack spacing={2} direction={{ xs: 'column', sm: 'row' }}>
              <TextInput source="contact.email" type="email" label={t('email')} fullWidth />
              <TextInput source="contact.phone" label={t('phone')} fullWidth />
            </Stack>
            <TextInput source="contact.address" label={t('address')} multiline fullWidth helperText={false} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, my: 2 }}>
            <ThaiDateSourceInput source="appointedOn" label={t('appointed_on')} yearsBack={10} />
            <ThaiDateSourceInput source="termEndsOn" label={t('term_ends_on')} yearsBack={5} yearsAhead={10} />
            <ThaiDateSourceInput source="officeInformedOn" label={t('informed_on')} yearsBack={10} />
          </Box>
          <GroupInputs />
          <TextInput source="orderNo" label={t('order_no')} helperText={false} />
          <TextInput source="duties" label={t('duties')} multiline minRows={3} helperText={false} />
          {mustReplace ? <ReplaceCurrent name={current!.name} /> : null}
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            {canEdit ? (
              <Button type="submit" variant="contained" disabled={creating || updating}>
                {t('save')}
              </Button>
            ) : null}
            <Button component={Link} to="/dpo/list">
              {t('back')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Form>
  );
}
