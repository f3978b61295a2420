'use client';

import { diffLines } from 'diff';

export interface DiffLine {
  kind: 'add' | 'remove' | 'same';
  text: string;
}

/** Line by line from `from` (an old version) to `to` (the editor's text): what restoring `from` would remove/add is the reverse. */
export function lineDiff(from: string, to: string): DiffLine[] {
  const out: DiffLine[] = [];
  for (const part of diffLines(from, to)) {
    const kind = part.added ? 'add' : part.removed ? 'remove' : 'same';
    const lines = part.value.replace(/\n$/, '').split('\n');
    for (const text of lines) out.push({ kind, text });
  }
  return out;
}

const STYLE: Record<DiffLine['kind'], { background?: string; color?: string; mark: string }> = {
  add: { background: '#e6ffed', color: '#1a7f37', mark: '+' },
  remove: { background: '#ffebe9', color: '#cf222e', mark: '-' },
  same: { mark: ' ' },
};

/** A unified line diff: lines only in the current text green (+), lines only in the version red (-). */
export function LineDiffView({ from, to }: { from: string; to: string }) {
  const lines = lineDiff(from, to);
  const changed = lines.some((l) => l.kind !== 'same');
  return (
    <pre data-testid="cgform-js-diff" style={{ margin: 0, maxHeight: 320, overflow: 'auto', border: '1px solid #e8e8e8', borderRadius: 6, fontSize: 12, lineHeight: '18px' }}>
      {!changed ? (
        <div style={{ padding: 8, color: '#999' }}>与当前内容相同</div>
      ) : (
        lines.map((l, i) => (
          <div key={i} data-kind={l.kind} data-testid={`cgform-js-diff-${l.kind}`} style={{ background: STYLE[l.kind].background, color: STYLE[l.kind].color, padding: '0 8px', whiteSpace: 'pre-wrap' }}>
            {STYLE[l.kind].mark} {l.text}
          </div>
        ))
      )}
    </pre>
  );
}
