/** @jest-environment node */
import type { ResourceDef } from '../../../lib/resources/types';
import { AREAS, registerCatalog } from '../../areas';
import { getResource, registerDefinitions, unregisterResource } from '../registry';

const plain = (name: string, api: string): ResourceDef => ({
  name,
  title: '示例',
  table: 'tbl_example',
  api,
  perm: 'example:item',
  rowKey: 'id',
  defaultSort: { column: 'id', order: 'asc' },
  actions: {},
  fields: [{ name: 'id', label: 'ID', kind: 'input' }],
});

describe('plain definitions (issue #40: a definition without hooks needs no catalog file)', () => {
  const a = plain('recipeExampleA', '/recipe/exampleA');
  const b = plain('recipeExampleB', '/recipe/exampleB');
  afterAll(() => [a, b].forEach((d) => unregisterResource(d.name)));

  it('are registered as they are, with no hooks, and registering them again changes nothing', () => {
    registerDefinitions([a, b]);
    const first = getResource(a.name);
    expect(first).toEqual({ def: a, hooks: {} });
    expect(getResource(b.name)?.def).toBe(b);
    expect(() => registerDefinitions([a, b])).not.toThrow();
    expect(getResource(a.name)).toBe(first);
  });

  it('still may not take the name of another definition', () => {
    expect(() => registerDefinitions([{ ...plain(a.name, '/recipe/other') }])).toThrow(/already registered/);
  });

  it("each area's `definitions` are registered by registerCatalog, without hooks", () => {
    registerCatalog();
    const defs = AREAS.flatMap((area) => area.definitions ?? []);
    expect(defs.map((d) => d.name)).toEqual(expect.arrayContaining(['sysTenant', 'tblProspectus']));
    for (const def of defs) expect(getResource(def.name)).toEqual({ def, hooks: {} });
  });
});
