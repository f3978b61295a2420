import type { CSSProperties, ReactNode } from 'react';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { BLOCK_LABELS, fileUrl, formatPrice, PROSPECTUS_THEMES, venueMapLink, type BrochureView, type FileAccess, type ViewBlock } from '@/lib/work/prospectus-blocks';

/**
 * The one renderer of a brochure (issue #26 item 5): the composer's 预览 and the public page `/brochure/<token>` draw
 * exactly this. No hooks and no antd, so the public page renders it on the server and ships none of it; the template
 * decides colours and layout (PROSPECTUS_THEMES, also read by the PDF). Every text is a React text node (escaped); the
 * rich text is sanitised on save, on read and once more here.
 */
export function BrochureBody({ view, access, footer }: { view: BrochureView; access: FileAccess; footer?: ReactNode }) {
  const theme = PROSPECTUS_THEMES[view.template] ?? PROSPECTUS_THEMES.prospectus;
  const centered = theme.layout === 'centered';
  const card = theme.layout === 'card';
  const blockStyle: CSSProperties = card
    ? { background: theme.surface, borderRadius: 12, padding: '16px 20px', margin: '16px 0', boxShadow: '0 1px 4px rgba(0,0,0,.08)' }
    : { background: theme.surface, padding: '12px 20px', margin: '0 0 2px' };
  return (
    <article data-testid="brochure-view" data-template={view.template} style={{ background: theme.background, color: theme.text, fontSize: 15, lineHeight: 1.7, maxWidth: 760, margin: '0 auto', paddingBottom: 24 }}>
      <header style={{ background: theme.primary, color: '#fff', padding: '28px 20px 22px', textAlign: centered ? 'center' : 'left' }}>
        <h1 data-testid="brochure-title" style={{ margin: 0, fontSize: 26, lineHeight: 1.3, color: '#fff' }}>
          {view.title}
        </h1>
        {view.subtitle ? <p style={{ margin: '8px 0 0', fontSize: 16, opacity: 0.9 }}>{view.subtitle}</p> : null}
      </header>
      {/* eslint-disable-next-line @next/next/no-img-element -- stored files come from our own routes (the public one by token), not next/image's optimiser */}
      {view.cover ? <img src={fileUrl(access, view.cover)} alt={view.title} style={{ display: 'block', width: '100%', height: 'auto' }} /> : null}
      <div style={{ padding: card ? '0 12px' : 0 }}>
        {view.blocks.map((b, i) => (
          <section key={i} style={blockStyle} data-testid={`brochure-block-${b.type}`}>
            <BlockTitle block={b} color={theme.primary} centered={centered} />
            <BlockContent block={b} access={access} accent={theme.accent} primary={theme.primary} stripe={theme.background} />
          </section>
        ))}
      </div>
      {footer}
    </article>
  );
}

function BlockTitle({ block, color, centered }: { block: ViewBlock; color: string; centered: boolean }) {
  const text = block.title || (block.type === 'richText' ? '' : BLOCK_LABELS[block.type]);
  if (!text) return null;
  return <h2 style={{ color, fontSize: 19, margin: '4px 0 10px', textAlign: centered ? 'center' : 'left', borderLeft: centered ? undefined : `4px solid ${color}`, paddingLeft: centered ? 0 : 10 }}>{text}</h2>;
}

const cell: CSSProperties = { padding: '6px 8px', borderBottom: '1px solid #f0f0f0', textAlign: 'left', verticalAlign: 'top' };

function BlockContent({ block: b, access, accent, primary, stripe }: { block: ViewBlock; access: FileAccess; accent: string; primary: string; stripe: string }) {
  const head: CSSProperties = { ...cell, background: primary, color: '#fff', fontWeight: 600 };
  switch (b.type) {
    case 'courses':
      return (
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={head}>课程</th>
              <th style={head}>单位</th>
              <th style={head}>价格</th>
              <th style={head}>说明</th>
            </tr>
          </thead>
          <tbody>
            {b.items.map((c, i) => (
              <tr key={i} style={{ background: i % 2 ? stripe : undefined }}>
                <td style={cell}>{c.name}</td>
                <td style={cell}>{c.unit}</td>
                <td style={{ ...cell, color: accent, fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="brochure-price">
                  {formatPrice(c.price)}
                </td>
                <td style={cell}>{c.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'schedule':
      return (
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <tbody>
            {b.rows.map((r, i) => (
              <tr key={i} style={{ background: i % 2 ? stripe : undefined }}>
                <td style={{ ...cell, width: '32%', color: primary, fontWeight: 600 }}>{r.time}</td>
                <td style={cell}>{r.content}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'venues':
      return (
        <div>
          {b.items.map((v, i) => {
            const map = venueMapLink(v);
            return (
              <div key={i} style={{ margin: '6px 0' }}>
                <strong style={{ color: primary }}>{v.name}</strong>
                <div>地址：{v.address}</div>
                {map ? (
                  <a href={map} target="_blank" rel="noopener noreferrer" style={{ color: accent }}>
                    查看地图（{v.longitude}, {v.latitude}）
                  </a>
                ) : null}
              </div>
            );
          })}
        </div>
      );
    case 'teachers':
      return (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 12 }}>
          {b.items.map((t, i) => (
            <div key={i} style={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}>
              {t.photo ? (
                // eslint-disable-next-line @next/next/no-img-element -- see the cover
                <img src={fileUrl(access, t.photo)} alt={t.name} style={{ width: 64, height: 64, borderRadius: '50%', objectFit: 'cover', flex: 'none' }} />
              ) : (
                <div style={{ width: 64, height: 64, borderRadius: '50%', background: primary, color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 24, flex: 'none' }}>{t.name.slice(0, 1)}</div>
              )}
              <div>
                <strong style={{ color: primary }}>{t.name}</strong>
                {t.subjects ? <div style={{ fontSize: 13, opacity: 0.75 }}>{t.subjects}</div> : null}
                {t.intro ? <div style={{ fontSize: 14 }}>{t.intro}</div> : null}
              </div>
            </div>
          ))}
        </div>
      );
    case 'richText':
      return <div className="brochure-rich" dangerouslySetInnerHTML={{ __html: sanitizeHtml(b.html) }} />;
    case 'images':
      return (
        <div style={{ display: 'grid', gap: 8 }}>
          {b.paths.map((p, i) => (
            // eslint-disable-next-line @next/next/no-img-element -- see the cover
            <img key={i} src={fileUrl(access, p)} alt="" style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 6 }} />
          ))}
        </div>
      );
  }
}
