import { parseDocument } from 'htmlparser2';

/**
 * The sanitized HTML's small tag set (sanitize.ts) as blocks and styled runs: what the PDF and the
 * DOCX exports print. Anything unexpected is read as its text, never dropped silently.
 */
export interface Run {
  text: string;
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  link?: string;
  /** a variable with no value: printed highlighted */
  mark?: boolean;
}
export type Inline = Run | { image: string } | { br: true };
export type Block =
  { kind: 'p' | 'h1' | 'h2' | 'h3' | 'quote' | 'pre'; inlines: Inline[] } | { kind: 'ul' | 'ol'; items: Block[][] } | { kind: 'hr' };

interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

type Style = Omit<Run, 'text'>;
const STYLE_OF: Record<string, Style> = {
  strong: { bold: true },
  b: { bold: true },
  em: { italics: true },
  i: { italics: true },
  u: { underline: true },
  s: { strike: true },
  mark: { mark: true },
};
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'blockquote', 'pre', 'ul', 'ol', 'hr', 'li']);

function inlinesOf(nodes: DomNode[], style: Style = {}): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      const text = (node.data ?? '').replace(/\s+/g, ' ');
      if (text) out.push({ ...style, text });
    } else if (node.type === 'tag') {
      if (node.name === 'br') out.push({ br: true });
      else if (node.name === 'img') out.push({ image: node.attribs?.src ?? '' });
      else if (node.name === 'a') out.push(...inlinesOf(node.children ?? [], { ...style, link: node.attribs?.href }));
      else out.push(...inlinesOf(node.children ?? [], { ...style, ...(STYLE_OF[node.name ?? ''] ?? {}) }));
    }
  }
  return out;
}

function blocksOf(nodes: DomNode[]): Block[] {
  const blocks: Block[] = [];
  let loose: DomNode[] = [];
  const flush = () => {
    const inlines = inlinesOf(loose);
    if (inlines.some((i) => !('text' in i) || i.text.trim())) blocks.push({ kind: 'p', inlines });
    loose = [];
  };
  for (const node of nodes) {
    const name = node.type === 'tag' ? node.name : undefined;
    if (!name || !BLOCK_TAGS.has(name)) {
      loose.push(node);
      continue;
    }
    flush();
    const children = node.children ?? [];
    if (name === 'ul' || name === 'ol') {
      const items = children.filter((c) => c.type === 'tag' && c.name === 'li').map((li) => blocksOf(li.children ?? []));
      blocks.push({ kind: name, items });
    } else if (name === 'hr') blocks.push({ kind: 'hr' });
    else if (name === 'blockquote') {
      for (const b of blocksOf(children)) blocks.push(b.kind === 'p' ? { kind: 'quote', inlines: b.inlines } : b);
    } else if (name === 'li') blocks.push(...blocksOf(children));
    else if (children.some((c) => c.type === 'tag' && BLOCK_TAGS.has(c.name ?? ''))) blocks.push(...blocksOf(children));
    else blocks.push({ kind: name as 'p' | 'h1' | 'h2' | 'h3' | 'pre', inlines: inlinesOf(children) });
  }
  flush();
  return blocks;
}

export const htmlBlocks = (html: string): Block[] => blocksOf(parseDocument(html).children as unknown as DomNode[]);
