/** @jest-environment node */
import { registerCatalog } from '../../areas';
import { listResources } from '../registry';

// An explicit pattern that does not compile turns every save of that resource into 操作失败 (the venue
// phone pattern once lost its escape inside a TS string), so each registered one must compile.
describe('registered resource patterns', () => {
  registerCatalog();
  const patterns = listResources().flatMap(({ def }) =>
    def.fields.flatMap((f) => (f.pattern && typeof f.pattern === 'object' ? [[`${def.name}.${f.name}`, f.pattern.regex] as const] : [])),
  );

  it('exist (the catalog registered resources with explicit patterns)', () => {
    expect(patterns.length).toBeGreaterThan(0);
  });

  it.each(patterns)('%s compiles', (_name, regex) => {
    expect(() => new RegExp(regex)).not.toThrow();
  });
});
