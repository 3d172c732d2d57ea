import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import DeleteIcon from '@mui/icons-material/Delete';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Box, Button, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextInput, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { savedFilterBody, type SavedFilter } from '../../contract/bulk';
import type { AppDataProvider } from '../../dataProvider';
import { useTexts } from '../i18n/i18nProvider';
import { FormDialog } from './FormDialog';
import { formResolver } from './formResolver';
import { useNotifyError } from './ErrorToast';
import { ImportButton } from './ImportDialog';
import { isFiltered } from './PagedList';

/** What a list opts into beside its rows. */
export interface ListToolsOptions {
  /** an XLSX of what the list shows (its filters and sort) */
  export?: boolean;
  /** named filters of this list, the person's own, kept on the server */
  savedFilters?: boolean;
  /** the import dialog: give it only to those who may add (the server refuses others) */
  import?: boolean;
  /** i18n key of what the rows are (the import's title) */
  what: string;
  /** i18n key of what the import does beside writing the rows (e-mails it sends), shown in its dialog */
  importNote?: string;
}

/** The export button: the list's current filter and sort, sent to the list's export route. */
function ExportButton({ resource, screenCode }: { resource: string; screenCode: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await dataProvider.exportList(resource, { filter: filterValues, sort });
    } catch (error) {
      notifyError(error, screenCode);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadIcon />} disabled={busy || !total} onClick={() => void run()}>
      {translate(busy ? 'lists.exporting' : 'lists.export')}
    </Button>
  );
}

const nameOnly = savedFilterBody.pick({ name: true });

/** The person's saved filters of this list: apply one, save the current one under a name, delete one. */
function SavedFilters({ resource, screenCode }: { resource: string; screenCode: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { filterValues, setFilters } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const key = ['saved-filters', resource];
  const saved = useQuery({ queryKey: key, queryFn: () => dataProvider.savedFilters(resource) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: (name: string) => dataProvider.saveFilter({ list: resource, name, filter: filterValues }),
    onSuccess: () => {
      setNaming(false);
      notify('lists.filter_saved', { type: 'success' });
      void refresh();
    },
    onError: (error) => notifyError(error, screenCode),
  });
  const remove = useMutation({
    mutationFn: (f: SavedFilter) => dataProvider.deleteSavedFilter(f.id),
    onSuccess: () => {
      notify('lists.filter_deleted', { type: 'success' });
      void refresh();
    },
    onError: (error) => notifyError(error, screenCode),
  });
  const filtered = isFiltered(filterValues);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BookmarkIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
      >
        {translate('lists.saved_filters')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {(saved.data ?? []).map((f) => (
          <MenuItem
            key={f.id}
            data-testid="saved-filter"
            onClick={() => {
              setFilters(f.filter, {});
              setAnchor(null);
            }}
            aria-label={translate('lists.apply_filter', { name: f.name })}
          >
            <ListItemText>{f.name}</ListItemText>
            <Tooltip title={translate('lists.delete_filter', { name: f.name })}>
              <IconButton
                size="small"
                edge="end"
                sx={{ ml: 2 }}
                aria-label={translate('lists.delete_filter', { name: f.name })}
                onClick={(e) => {
                  e.stopPropagation();
                  remove.mutate(f);
                }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </MenuItem>
        ))}
        {saved.data && !saved.data.length ? <MenuItem disabled>{translate('lists.saved_filters_none')}</MenuItem> : null}
        <Divider />
        <MenuItem
          disabled={!filtered}
          onClick={() => {
            setAnchor(null);
            setNaming(true);
          }}
        >
          {translate(filtered ? 'lists.save_filter' : 'lists.nothing_to_save')}
        </MenuItem>
      </Menu>
      <FormDialog
        open={naming}
        title={translate('lists.save_filter_title')}
        record={{ name: '' }}
        resolver={formResolver(nameOnly, 'ra.validation.required')}
        onSubmit={(values) => save.mutate(String(values.name))}
        onClose={() => setNaming(false)}
        busy={save.isPending}
        submitLabel="lists.save"
        cancelLabel="lists.cancel"
      >
        <TextInput source="name" label="lists.filter_name" fullWidth autoFocus />
      </FormDialog>
    </>
  );
}

/** The row above a list's filters with the extras it opts into. */
export function ListTools({ resource, screenCode, tools }: { resource: string; screenCode: string; tools: ListToolsOptions }) {
  useTexts('lists');
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', mb: 1.5 }} data-testid="list-tools">
      {tools.savedFilters ? <SavedFilters resource={resource} screenCode={screenCode} /> : null}
      {tools.export ? <ExportButton resource={resource} screenCode={screenCode} /> : null}
      {tools.import ? <ImportButton resource={resource} what={tools.what} note={tools.importNote} screenCode={screenCode} /> : null}
    </Box>
  );
}
