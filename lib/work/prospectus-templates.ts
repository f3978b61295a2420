/**
 * 招生简章's templates (issue #26 item 5): spec 01 §2's /work children other than workview/workpreview each open the
 * brochure editor on one template. Data only: the screens, the PDF renderer and the public page read it.
 */
export const PROSPECTUS_TEMPLATES = [
  { key: 'prospectus', path: '/work/prospectus', title: '招生简章' },
  { key: 'newProspectu', path: '/work/newProspectu', title: '简章模板·清新' },
  { key: 'newProspectu3', path: '/work/newProspectu3', title: '简章模板·雅紫' },
  { key: 'BeBornInto', path: '/work/BeBornInto', title: '简章模板·品牌' },
  { key: 'BeBornIntoCopy', path: '/work/BeBornIntoCopy', title: '简章模板·暖金' },
  { key: 'workCNv3.5', path: '/work/workCNv3.5', title: '简章模板·作品集' },
] as const;

export type ProspectusTemplateKey = (typeof PROSPECTUS_TEMPLATES)[number]['key'];
