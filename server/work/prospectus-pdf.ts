import fs from 'node:fs';
import path from 'node:path';
// pdfkit (and its fonts) load on the first brochure, not at start.
import type PDFDocumentType from 'pdfkit';
import { BLOCK_LABELS, formatPrice, PROSPECTUS_THEMES, type BrochureView, type ViewBlock } from '../../lib/work/prospectus-blocks';
import { stripTags } from '../../lib/sanitize-html';
import type { FileStorage } from '../storage/storage';
import { binaryFamily } from '../storage/upload-checks';

/**
 * 招生简章 as a PDF (issue #26 item 5, spec 02 §9 "page export at scale 2"): drawn on the server with pdfkit from the
 * same resolved view as the preview and the public page, in the template's colours, with the embedded Noto Sans SC
 * subset (pdfkit subsets it again per document), so the text is real, selectable text. Images are placed at scale 2:
 * an image's pixels are twice its size in PDF points (144 dpi), never wider than the page's text column. pdfkit reads
 * PNG and JPEG; other stored images (gif, webp, bmp) are left out of the PDF.
 */

const FONT_PATH = path.join(process.cwd(), 'server/assets/fonts/NotoSansSC-Regular-subset.otf');
let fontBytes: Buffer | null = null;
const font = () => (fontBytes ??= fs.readFileSync(FONT_PATH));

const MARGIN = 50;
/** Points per image pixel: scale 2. */
const IMAGE_SCALE = 0.5;

type Doc = PDFKit.PDFDocument;
/** pdfkit's openImage (present since 0.x; @types/pdfkit leaves it out): the decoded image with its pixel size. */
type OpenedImage = { width: number; height: number };
const openImage = (doc: Doc, bytes: Buffer) => (doc as unknown as { openImage(b: Buffer): OpenedImage }).openImage(bytes);

async function readImage(storage: FileStorage | undefined, stored: string): Promise<Buffer | null> {
  if (!storage) return null;
  let opened;
  try {
    opened = await storage.open(stored);
  } catch {
    return null;
  }
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  const bytes = Buffer.concat(chunks);
  // PNG (89 50 4E 47) or JPEG (FF D8 FF) only: what pdfkit can embed.
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return binaryFamily(bytes.subarray(0, 64)) === 'image' && (png || jpeg) ? bytes : null;
}

/** The rich text as paragraphs of plain text (PDF has no HTML): block ends become line breaks. */
export function richTextLines(html: string): string[] {
  const broken = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)>/gi, '\n');
  return stripTags(broken)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** An image's size in PDF points at scale 2 (its pixels / 2), shrunk (never enlarged) to fit the box. */
export function imageBox(pxWidth: number, pxHeight: number, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const w = pxWidth * IMAGE_SCALE;
  const h = pxHeight * IMAGE_SCALE;
  const k = Math.min(1, maxWidth / w, maxHeight / h);
  return { width: w * k, height: h * k };
}

class Writer {
  readonly width: number;
  constructor(
    readonly doc: Doc,
    readonly theme: (typeof PROSPECTUS_THEMES)[keyof typeof PROSPECTUS_THEMES],
  ) {
    this.width = doc.page.width - MARGIN * 2;
  }

  /** A new page when `h` points do not fit below the cursor. */
  room(h: number) {
    if (this.doc.y + h > this.doc.page.height - MARGIN) this.doc.addPage();
  }

  heading(text: string) {
    const { doc, theme } = this;
    this.room(40);
    doc.moveDown(0.6);
    const y = doc.y;
    doc.rect(MARGIN, y + 2, 4, 16).fill(theme.primary);
    doc.fillColor(theme.primary).fontSize(15).text(text, MARGIN + 12, y, { width: this.width - 12 });
    doc.moveDown(0.4);
    doc.x = MARGIN;
  }

  paragraph(text: string, size = 11, color = this.theme.text) {
    const { doc } = this;
    doc.fontSize(size);
    this.room(doc.heightOfString(text, { width: this.width }));
    doc.fillColor(color).text(text, MARGIN, doc.y, { width: this.width });
  }

  /** A table with a coloured header row; `widths` are fractions of the text column. */
  table(headers: string[], widths: number[], rows: string[][], accentColumn = -1) {
    const { doc, theme } = this;
    const cols = widths.map((w) => w * this.width);
    const pad = 5;
    const rowHeight = (cells: string[], size: number) => {
      doc.fontSize(size);
      return Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: cols[i] - pad * 2 }))) + pad * 2;
    };
    const drawRow = (cells: string[], header: boolean, shade: boolean) => {
      const size = header ? 11 : 10.5;
      const h = rowHeight(cells, size);
      this.room(h);
      const y = doc.y;
      if (header) doc.rect(MARGIN, y, this.width, h).fill(theme.primary);
      else if (shade) doc.rect(MARGIN, y, this.width, h).fill(theme.background);
      let x = MARGIN;
      cells.forEach((c, i) => {
        doc.fontSize(size).fillColor(header ? '#ffffff' : i === accentColumn ? theme.accent : theme.text);
        doc.text(c, x + pad, y + pad, { width: cols[i] - pad * 2 });
        x += cols[i];
      });
      doc.y = y + h;
      doc.x = MARGIN;
    };
    drawRow(headers, true, false);
    rows.forEach((r, i) => drawRow(r, false, i % 2 === 1));
  }

  /** An image at scale 2 (px / 2 points), fitted to `maxWidth`, on a new page if it does not fit. */
  image(bytes: Buffer, maxWidth = this.width, maxHeight = this.doc.page.height - MARGIN * 2) {
    const { doc } = this;
    const img = openImage(doc, bytes);
    const { width: w, height: h } = imageBox(img.width, img.height, maxWidth, maxHeight);
    this.room(h + 6);
    // image() takes the opened image too (pdfkit caches nothing else); typed as its source by @types/pdfkit.
    doc.image(img as unknown as Buffer, MARGIN, doc.y, { width: w, height: h });
    doc.y += h + 6;
    doc.x = MARGIN;
  }
}

async function drawBlock(w: Writer, b: ViewBlock, storage: FileStorage | undefined) {
  const title = b.title || (b.type === 'richText' ? '' : BLOCK_LABELS[b.type]);
  if (title) w.heading(title);
  switch (b.type) {
    case 'courses':
      w.table(
        ['课程', '单位', '价格', '说明'],
        [0.34, 0.12, 0.18, 0.36],
        b.items.map((c) => [c.name, c.unit, formatPrice(c.price), c.note]),
        2,
      );
      break;
    case 'schedule':
      w.table(['时间', '内容'], [0.32, 0.68], b.rows.map((r) => [r.time, r.content]));
      break;
    case 'venues':
      for (const v of b.items) {
        w.paragraph(v.name, 12, w.theme.primary);
        w.paragraph(`地址：${v.address}`);
        if (v.longitude !== null && v.latitude !== null) w.paragraph(`坐标：${v.longitude}, ${v.latitude}`, 9.5, '#8c8c8c');
        w.doc.moveDown(0.3);
      }
      break;
    case 'teachers':
      for (const t of b.items) {
        const photo = t.photo ? await readImage(storage, t.photo) : null;
        if (photo) w.image(photo, 90, 90);
        w.paragraph(t.subjects ? `${t.name}（${t.subjects}）` : t.name, 12, w.theme.primary);
        if (t.intro) w.paragraph(t.intro);
        w.doc.moveDown(0.3);
      }
      break;
    case 'richText':
      for (const line of richTextLines(b.html)) {
        w.paragraph(line);
        w.doc.moveDown(0.2);
      }
      break;
    case 'images':
      for (const p of b.paths) {
        const bytes = await readImage(storage, p);
        if (bytes) w.image(bytes);
      }
      break;
  }
}

/** The brochure's PDF bytes. */
export async function renderProspectusPdf(view: BrochureView, storage: FileStorage | undefined): Promise<Buffer> {
  const theme = PROSPECTUS_THEMES[view.template] ?? PROSPECTUS_THEMES.prospectus;
  const PDFDocument: typeof PDFDocumentType = (await import('pdfkit')).default;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: view.title, Creator: '教务系统' }, bufferPages: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font());
  doc.font('cjk');
  const w = new Writer(doc, theme);

  // Page 1: the title band in the template's colour, the subtitle, then the cover.
  const bandHeight = view.subtitle ? 110 : 80;
  doc.rect(0, 0, doc.page.width, bandHeight).fill(theme.primary);
  doc.fillColor('#ffffff').fontSize(24).text(view.title, MARGIN, 26, { width: w.width, align: theme.layout === 'centered' ? 'center' : 'left' });
  if (view.subtitle) doc.fontSize(13).text(view.subtitle, MARGIN, doc.y + 6, { width: w.width, align: theme.layout === 'centered' ? 'center' : 'left' });
  doc.y = bandHeight + 20;
  doc.x = MARGIN;
  if (view.cover) {
    const cover = await readImage(storage, view.cover);
    if (cover) w.image(cover);
  }
  for (const b of view.blocks) await drawBlock(w, b, storage);
  doc.end();
  return done;
}
