import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Chip, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { SHEET_LANGS, type SheetLang, type SheetTemplateRecord } from '../../contract/sheets';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { EmptyList } from '../../src/components/EmptyList';
import { useNotifyError } from '../../src/components/ErrorToast';
import { ListLooks } from '../../src/components/PagedList';
import { useConfirmedDelete } from '../../src/components/useConfirmedDelete';
import { TemplateDialog, type TemplateDraft } from './TemplateDialog';
import { CODES } from './sheetsApi';

type TemplateRow = Omit<SheetTemplateRecord, 'body'>;

/** `/sheets/create/list`: the shipped templates and the company's own; use one, copy one, edit the company's. */
export function TemplateList() {
  const translate = useTranslate();
  const canEdit = useCanEdit('sheets');
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<string>();
  const [lang, setLang] = useState<SheetLang | ''>('');
  const [editing, setEditing] = useState<TemplateDraft>();
  const list = useGetList<TemplateRow>(
    'sheet-templates',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'updated_dt', order: 'DESC' }, filter: { search, lang: lang || undefined } },
    { retry: false, onError: (error) => notifyError(error, CODES.templates) },
  );
  const rows = list.data ?? [];
  const open = async (row: TemplateRow, copy: boolean) => {
    try {
      const { data } = await dataProvider.getOne<SheetTemplateRecord>('sheet-templates', { id: row.id });
      setEditing({
        id: copy ? undefined : data.id,
        name: copy ? `${data.name} ${translate('sheets.templates.copy_suffix')}` : data.name,
        kind: data.kind,
        lang: data.lang,
        description: data.description,
        body: data.body,
      });
    } catch (err) {
      notifyError(err, CODES.templates);
    }
  };
  const remove = useConfirmedDelete<TemplateRow>('sheet-templates', {
    deleted: 'sheets.templates.deleted',
    screenCode: CODES.templateSave,
    invalidate: ['sheet-templates'],
    keepOpenOnError: true,
  });
  return (
    <Stack spacing={2}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => (e.preventDefault(), setSearch(typed.trim() || undefined))}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <TextField size="small" label={translate('sheets.templates.search')} value={typed} onChange={(e) => setTyped(e.target.value)} />
        <Button type="submit" variant="outlined">
          {translate('common.search')}
        </Button>
        <TextField
          select
          size="small"
          sx={{ minWidth: 140 }}
          label={translate('sheets.templates.lang')}
          value={lang}
          onChange={(e) => setLang(e.target.value as SheetLang | '')}
        >
          <MenuItem value="">{translate('sheets.templates.all_langs')}</MenuItem>
          {SHEET_LANGS.map((l) => (
            <MenuItem key={l} value={l}>
              {translate(`sheets.langs.${l}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ name: '', kind: 'custom', lang: 'th', description: '', body: '<p></p>' })}
          >
            {translate('sheets.templates.add')}
          </Button>
        ) : null}
      </Box>
      <ListLooks state={{ ...list, isEmpty: !rows.length }} empty={<EmptyList searching={Boolean(search || lang)} />}>
        <Table size="small" aria-label={translate('sheets.tabs.templates')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('sheets.templates.name')}</TableCell>
              <TableCell>{translate('sheets.templates.kind')}</TableCell>
              <TableCell>{translate('sheets.templates.lang')}</TableCell>
              <TableCell>{translate('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-testid="sheet-template-row">
                <TableCell>
                  <Box sx={{ fontWeight: 500 }}>{row.name}</Box>
                  <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{row.description}</Box>
                </TableCell>
                <TableCell>
                  <Stack spacing={0.5} alignItems="flex-start">
                    <span>{translate(`sheets.kinds.${row.kind}`)}</span>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={row.builtin ? 'default' : 'primary'}
                      label={translate(row.builtin ? 'sheets.templates.builtin' : 'sheets.templates.own')}
                    />
                  </Stack>
                </TableCell>
                <TableCell>{translate(`sheets.langs.${row.lang}`)}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
                    {canEdit ? (
                      <Button size="small" variant="contained" component={Link} to={`/sheets/create?templateId=${encodeURIComponent(row.id)}`}>
                        {translate('sheets.templates.use')}
                      </Button>
                    ) : null}
                    {canEdit ? (
                      <Tooltip title={translate('sheets.templates.copy')}>
                        <IconButton size="small" aria-label={translate('sheets.templates.copy')} onClick={() => void open(row, true)}>
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    {canEdit && !row.builtin ? (
                      <Tooltip title={translate('sheets.templates.edit')}>
                        <IconButton size="small" aria-label={translate('sheets.templates.edit')} onClick={() => void open(row, false)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    {canEdit && !row.builtin ? (
                      <Tooltip title={translate('sheets.templates.delete')}>
                        <IconButton size="small" color="error" aria-label={translate('sheets.templates.delete')} onClick={() => remove.ask(row)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListLooks>
      {editing ? <TemplateDialog initial={editing} onClose={() => setEditing(undefined)} /> : null}
      {remove.dialog}
    </Stack>
  );
}
