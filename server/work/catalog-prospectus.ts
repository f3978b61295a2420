import { prospectusResource } from '../../features/work/prospectus/prospectus-resource';
import { getResource, registerResource } from '../resources/registry';

/**
 * 招生简章 on the resource engine (issue #26 item 5): its list (filtered by template), 详情, 删除 and 批量删除. The
 * composer's add / edit, publishing, the PDF and the public page are hand-written (server/work/prospectus-routes.ts,
 * mounted before the engine's routes, so its add / edit win). A deleted brochure's public link is dead at once: the
 * public read takes live rows only.
 */
export function registerProspectusResources(): void {
  if (getResource(prospectusResource.name)?.def === prospectusResource) return;
  registerResource(prospectusResource, {});
}
