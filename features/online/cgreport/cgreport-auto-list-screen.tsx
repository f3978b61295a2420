'use client';

import { useScreenRoute } from '@/components/shell/screen-route';
import { ReportView } from './report-view';

/**
 * A designer-made (or code-defined) online report opened by its own menu row, `/online/cgreport/<code>`
 * (JeecgBoot's modules/online/cgreport/auto/OnlCgreportAutoList). The code is the route's last segment: the route
 * this kept page was opened on, not the address bar's. The server checks the report's own codes.
 */
export default function CgreportAutoListScreen() {
  const route = useScreenRoute('');
  const code = decodeURIComponent(route.split('?')[0].split('/').filter(Boolean).pop() ?? '');
  return <ReportView code={code} />;
}
