import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Divider, IconButton, Menu, MenuItem, Paper, Tooltip } from '@mui/material';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { SHEET_VARIABLES, VARIABLE_SOURCES } from '../../contract/sheetVariables';
import { styleNonce } from '../../src/styleNonce';

interface Props {
  value: string;
  onChange: (html: string) => void;
  editable?: boolean;
  label: string;
}

function ToolButton({ title, active, onClick, children }: { title: string; active?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={title} aria-pressed={active} color={active ? 'primary' : 'default'} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  });
  const t = (key: string) => translate(`sheets.toolbar.${key}`);
  const chain = () => editor.chain().focus();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <ToolButton title={t('bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </ToolButton>
      <ToolButton title={t('italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </ToolButton>
      <ToolButton title={t('underline')} active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <FormatUnderlinedIcon fontSize="small" />
      </ToolButton>
      <Button size="small" variant={state.h1 ? 'contained' : 'text'} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
        H1
      </Button>
      <Button size="small" variant={state.h2 ? 'contained' : 'text'} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </Button>
      <ToolButton title={t('bullet')} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulletedIcon fontSize="small" />
      </ToolButton>
      <ToolButton title={t('ordered')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumberedIcon fontSize="small" />
      </ToolButton>
      <ToolButton title={t('quote')} active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <FormatQuoteIcon fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem />
      <ToolButton title={t('undo')} onClick={() => chain().undo().run()}>
        <UndoIcon fontSize="small" />
      </ToolButton>
      <ToolButton title={t('redo')} onClick={() => chain().redo().run()}>
        <RedoIcon fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem />
      <Button size="small" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {translate('sheets.edit.insert_variable')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 360 } } }}>
        {SHEET_VARIABLES.map((v) => (
          <MenuItem
            key={v.name}
            dense
            onClick={() => {
              chain().insertContent(`{{${v.name}}}`).run();
              setAnchor(null);
            }}
            sx={{ fontFamily: 'monospace', color: VARIABLE_SOURCES[v.source].ready ? undefined : 'text.disabled' }}
          >
            {`{{${v.name}}}`}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}

/** Tiptap's rich text (the starter kit: the tags the server keeps), with a toolbar and the variables' menu. Loaded only where a text is edited. */
export default function RichTextEditor({ value, onChange, editable = true, label }: Props) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] }, code: false, codeBlock: false })],
    content: value,
    editable,
    immediatelyRender: true,
    // TipTap adds a <style> of its own: with the page's nonce, as the Content-Security-Policy asks of every style
    injectNonce: styleNonce(),
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);
  return (
    <Paper variant="outlined">
      {editable && editor ? <Toolbar editor={editor} /> : null}
      <Box
        sx={{
          px: 2,
          minHeight: 320,
          maxHeight: '65vh',
          overflow: 'auto',
          '& .tiptap': { outline: 'none', minHeight: 300, py: 1 },
          '& .tiptap h1': { fontSize: 22 },
          '& .tiptap h2': { fontSize: 18 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Paper>
  );
}
