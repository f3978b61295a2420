/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyTemplate, pgliteTemplateStamp } from '../index';

// A new embedded database starts as a copy of the build's migrated template (issue #28, cold start), only when the
// template was made by the installed PGlite and the data directory is new. The template here is a stand-in: files.
describe('copyTemplate', () => {
  let root: string;
  let template: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'jw-template-'));
    template = path.join(root, 'template');
    fs.mkdirSync(path.join(template, 'base'), { recursive: true });
    fs.writeFileSync(path.join(template, 'PG_VERSION'), '17\n');
    fs.writeFileSync(path.join(template, 'base', 'data'), 'rows');
    fs.writeFileSync(path.join(template, 'jiaowu-template.json'), JSON.stringify(pgliteTemplateStamp()));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('copies the template into a new directory, without its stamp', () => {
    const dir = path.join(root, 'data', 'pglite');
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    expect(copyTemplate(template, dir)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'base', 'data'), 'utf8')).toBe('rows');
    expect(fs.existsSync(path.join(dir, 'jiaowu-template.json'))).toBe(false);
  });

  it('replaces an empty directory, and never touches an existing database', () => {
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    expect(copyTemplate(template, empty)).toBe(true);
    const existing = path.join(root, 'existing');
    fs.mkdirSync(existing);
    fs.writeFileSync(path.join(existing, 'PG_VERSION'), '17\n');
    expect(copyTemplate(template, existing)).toBe(false);
    expect(fs.readdirSync(existing)).toEqual(['PG_VERSION']);
  });

  it('is not used when another PGlite version made it, or when there is none', () => {
    fs.writeFileSync(path.join(template, 'jiaowu-template.json'), JSON.stringify({ pglite: '0.0.1' }));
    expect(copyTemplate(template, path.join(root, 'a'))).toBe(false);
    expect(copyTemplate(path.join(root, 'missing'), path.join(root, 'b'))).toBe(false);
    expect(copyTemplate(undefined, path.join(root, 'c'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'a'))).toBe(false);
  });
});
