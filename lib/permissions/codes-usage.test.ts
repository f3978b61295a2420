/** @jest-environment node */
// Issue #40 "Finish one way": every permission code in the source is written as a catalogue entry,
// `PERMS.<area>.<action>` (or `PERMS.<area>.prefix` for a definition's `perm`), see ./codes.ts. This guard
// scans the source tree (tests and migrations aside) for the two ways codes used to drift from it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SOURCE_DIRS = ['server', 'lib', 'features', 'components', 'app'];
const SKIP_DIRS = new Set(['node_modules', '__tests__', 'migrations', '.next']);

/** A code built as a template from a `*PERM*` name or a catalogue prefix: `${CLAZZ_PERM}:list`, `${PERMS.clazz.prefix}:edit`. */
const TEMPLATE_CODE = /\$\{\s*[\w$.]*PERM[\w$.]*\s*\}\s*:/;
/** A constant that only renames catalogue entries: `export const X_PERM = PERMS.x.y;`, `const { add: ADD } = PERMS.x;`. */
const ALIAS = /^\s*(?:export\s+)?(?:const|let|var)\s+(?:\{[^}]*\}|[\w$]+)\s*(?::[^=]+)?=\s*PERMS(?:\.[\w$]+)*\s*(?:as\s+const\s*)?;/;

/** Block comments blanked (their lines kept, for line numbers) and `//` comment lines dropped: prose may show a pattern. */
function codeLines(text: string): string[] {
  const blanked = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  return blanked.split('\n').map((l) => (/^\s*\/\//.test(l) ? '' : l));
}

/** `line: text` of every offending line of one file's text. */
function offences(text: string): string[] {
  return codeLines(text).flatMap((l, i) => (TEMPLATE_CODE.test(l) || ALIAS.test(l) ? [`${i + 1}: ${l.trim()}`] : []));
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) sourceFiles(join(dir, e.name), out);
    } else if (/\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) {
      out.push(join(dir, e.name));
    }
  }
  return out;
}

describe('permission codes come from the catalogue (lib/permissions/codes.ts)', () => {
  it('catches a planted template-built code and a planted alias', () => {
    expect(offences('requirePerm(`${CLAZZ_PERM}:list`)')).toEqual(['1: requirePerm(`${CLAZZ_PERM}:list`)']);
    expect(offences('const EDIT = `${STUDENT_PERM}:edit`;\nmode(`${QUARTZ_PERM}:${toggle}`);')).toHaveLength(2);
    expect(offences('mode(`${PERMS.location.prefix}:${a}`)')).toHaveLength(1);
    expect(offences('export const TEACHER_LIST_PERM = PERMS.teacherPicker.list;')).toHaveLength(1);
    expect(offences('export const LOCATION_PERM = PERMS.location.prefix;')).toHaveLength(1);
    expect(offences('const CG = PERMS.cgform;')).toHaveLength(1);
    expect(offences('const { add: ADD, edit: EDIT } = PERMS.category;')).toHaveLength(1);
    expect(offences('export const USER_PERMS: typeof PERMS.user = PERMS.user as const;')).toHaveLength(1);
  });

  it('lets catalogue entries, lists of them, generic engine codes and prose through', () => {
    const fine = [
      'requirePerm(PERMS.clazz.list)',
      '  perm: PERMS.clazz.prefix,',
      'export const TENANT_READ_PERMS = [PERMS.tenant.list, PERMS.user.list] as const;',
      'const modeOf = (action: string) => mode(`${def.perm}:${action}`);',
      'const key = `${route}:liststate`;',
      '/** the list code `${CLAZZ_PERM}:list` was */',
      '// `${CLAZZ_PERM}:list` was',
      'const ONLINE_SOURCE = { rowKey: PERMS_KEY };',
    ];
    expect(fine.flatMap(offences)).toEqual([]);
  });

  it('holds for every source file', () => {
    const files = SOURCE_DIRS.flatMap((d) => sourceFiles(join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => offences(readFileSync(f, 'utf8')).map((o) => `${relative(ROOT, f)}:${o}`));
    // Write `PERMS.<area>.<action>` at the use; add a missing action to ./codes.ts (the wire string stays).
    expect(found).toEqual([]);
  });
});
