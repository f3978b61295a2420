/**
 * 招生简章's templates (issue #26 item 5): spec 01 §2's /work children other than workview/workpreview each open the
 * brochure editor on one template. Data only: the screens, the PDF renderer and the public page read it.
 */
export const PROSPECTUS_TEMPLATES = [
  { key: 'prospectus', path: '/work/prospectus', title: '招生简章' },
  { key: 'newProspectu', path: '/work/newProspectu', title: '招生简章（新版）' },
  { key: 'newProspectu3', path: '/work/newProspectu3', title: '招生简章（新版三）' },
  { key: 'BeBornInto', path: '/work/BeBornInto', title: '品牌简章' },
  { key: 'BeBornIntoCopy', path: '/work/BeBornIntoCopy', title: '品牌简章（副本）' },
  { key: 'workCNv3.5', path: '/work/workCNv3.5', title: '作品集简章' },
] as const;

export type ProspectusTemplateKey = (typeof PROSPECTUS_TEMPLATES)[number]['key'];
