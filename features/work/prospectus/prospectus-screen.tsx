'use client';

import type { ProspectusTemplateKey } from '@/lib/work/prospectus-templates';

/** Placeholder until H3 lands the brochure editor. */
export default function ProspectusScreen({ template }: { template: ProspectusTemplateKey }) {
  return <div data-template={template} />;
}
