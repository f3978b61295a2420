/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { CHECK_RULE_MESSAGES } from '../../../lib/rules/check-rule';
import { FILL_RULE_MESSAGES } from '../../../lib/rules/fill-rule';
import { FILL_RULE_CODE_FIXED } from '../catalog-rules';
import { FILL_EXEC_MESSAGES, fillRuleClock, numberUnnumbered, STUDENT_NUMBER } from '../fill-rules';

/** 编码校验规则 and 填值规则 (issue #24 items 5 and 6) through the production handler. */

let be: TestBackend;
let admin: string;
let jiaowu: string;
const realClock = fillRuleClock.now;

beforeAll(async () => {
  be = await startTestBackend();
  [admin, jiaowu] = await Promise.all([be.login('admin'), be.login('jiaowu')]);
});

afterAll(async () => {
  fillRuleClock.now = realClock;
  await be?.close();
});

const at = (iso: string) => {
  fillRuleClock.now = () => new Date(iso);
};
const post = (path: string, json: unknown, token = admin) => be.call(path, { method: 'POST', json, token });
const put = (path: string, json: unknown, token = admin) => be.call(path, { method: 'PUT', json, token });
const get = (path: string, token = admin) => be.call(path, { token });
const checkByCode = (ruleCode: string, value: string) => get(`/sys/checkRule/checkByCode?${new URLSearchParams({ ruleCode, value })}`, jiaowu);
const execute = (code: string, form: unknown = {}, token = jiaowu) => put(`/sys/fillRule/executeRuleByCode/${code}`, form, token);

describe('编码校验规则 /sys/checkRule/*', () => {
  const rule = (segments: unknown[], ruleCode = 'stu_card') => ({ ruleName: '学员卡号', ruleCode, ruleJson: JSON.stringify(segments) });

  it('refuses a regex that does not compile and backtracking-only syntax, storing nothing', async () => {
    expect((await post('/sys/checkRule/add', rule([{ digits: '2', pattern: '[A-Z', message: '前两位' }]))).body).toMatchObject({ success: false, message: expect.stringMatching(/^第1条规则：正则表达式不正确/) });
    expect((await post('/sys/checkRule/add', rule([{ digits: '*', pattern: '(a)\\1', message: 'x' }]))).body).toMatchObject({ success: false, message: CHECK_RULE_MESSAGES.unsupported(1) });
    expect((await post('/sys/checkRule/add', rule([]))).body.message).toBe(CHECK_RULE_MESSAGES.empty);
    expect((await post('/sys/checkRule/add', { ...rule([]), ruleJson: 'nope' })).body.message).toBe(CHECK_RULE_MESSAGES.json);
    expect(await be.db.selectFrom('sys_check_rule').select('id').where('rule_code', '=', 'stu_card').executeTakeFirst()).toBeUndefined();
  });

  it('checkByCode uses what is stored, and an edit takes effect at once', async () => {
    const added = await post('/sys/checkRule/add', rule([{ digits: '2', pattern: '^[A-Z]{2}$', message: '前两位须为大写字母' }, { digits: '*', pattern: '^.{6}$', message: '须为6位' }]));
    expect(added.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = String((added.body.result as { id: string }).id);
    expect((await checkByCode('stu_card', 'AB1234')).body.success).toBe(true);
    expect((await checkByCode('stu_card', 'ab1234')).body).toMatchObject({ success: false, message: '前两位须为大写字母', result: { beginIndex: 0, endIndex: 2, checkValue: 'ab' } });

    const edited = await put('/sys/checkRule/edit', { id, ruleJson: JSON.stringify([{ digits: '*', pattern: '^[0-9]+$', message: '只能是数字' }]) });
    expect(edited.body.success).toBe(true);
    expect((await checkByCode('stu_card', 'AB1234')).body).toMatchObject({ success: false, message: '只能是数字' });
    // A catastrophic pattern is harmless on RE2: this answers at once instead of backtracking 2^1000 times.
    await put('/sys/checkRule/edit', { id, ruleJson: JSON.stringify([{ digits: '*', pattern: '^(a+)+$', message: '只能是a' }]) });
    expect((await checkByCode('stu_card', `${'a'.repeat(999)}!`)).body).toMatchObject({ success: false, message: '只能是a' });

    const list = await get('/sys/checkRule/list?ruleCode=stu_card');
    expect(list.body.result).toMatchObject({ total: 1, records: [{ ruleCode: 'stu_card', ruleName: '学员卡号' }] });
    expect((await be.call(`/sys/checkRule/delete?id=${id}`, { method: 'DELETE', token: admin })).body.success).toBe(true);
    expect((await checkByCode('stu_card', 'AB1234')).body).toMatchObject({ success: false, message: '该编码不存在' });
  });
});

describe('填值规则 /sys/fillRule/*', () => {
  const fill = (rulePattern: string, resetPeriod: string, ruleCode: string) => ({ ruleName: ruleCode, ruleCode, rulePattern, resetPeriod });

  it('refuses an unknown variable and a reset the pattern cannot show', async () => {
    expect((await post('/sys/fillRule/add', fill('XS{yyyy}{foo}{seq:3}', 'none', 'bad_rule'))).body).toMatchObject({ success: false, message: FILL_RULE_MESSAGES.unknown('foo') });
    expect((await post('/sys/fillRule/add', fill('XS{seq:3}', 'monthly', 'bad_rule'))).body).toMatchObject({ success: false, message: FILL_RULE_MESSAGES.resetNeedsDate('monthly') });
    expect(await be.db.selectFrom('sys_fill_rule').select('id').where('rule_code', '=', 'bad_rule').executeTakeFirst()).toBeUndefined();
  });

  it('100 parallel executeRuleByCode calls give 100 distinct values (a session is enough)', async () => {
    expect((await post('/sys/fillRule/add', fill('P{seq:4}', 'none', 'par_rule'))).body.success).toBe(true);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? execute('par_rule') : be.call('/sys/fillRule/executeRuleByCode/par_rule', { method: 'POST', json: {}, token: jiaowu }))));
    const values = answers.map((a) => a.body.result as string);
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(new Set(values).size).toBe(100);
    expect(values.slice().sort()).toEqual(Array.from({ length: 100 }, (_, i) => `P${String(i + 1).padStart(4, '0')}`));
  });

  it('restarts a monthly sequence when the month changes in Asia/Shanghai; the code is fixed once created', async () => {
    const added = await post('/sys/fillRule/add', fill('M{yyMM}{seq:3}-{field:campus}', 'monthly', 'mon_rule'));
    expect(added.body.success).toBe(true);
    at('2026-03-31T15:00:00Z'); // 23:00 on 31 March in Shanghai
    expect((await execute('mon_rule', { campus: 'BJ' })).body.result).toBe('M2603001-BJ');
    expect((await execute('mon_rule', { campus: "SH'; --" })).body.result).toBe('M2603002-SH--');
    at('2026-03-31T16:30:00Z'); // 00:30 on 1 April in Shanghai
    expect((await execute('mon_rule')).body.result).toBe('M2604001-');
    const batch = await put('/sys/fillRule/executeRuleByCodeBatch', { commonFormData: { campus: 'GZ' }, rules: [{ ruleCode: 'mon_rule' }, { ruleCode: 'par_rule', formData: null }] }, jiaowu);
    expect(batch.body.result).toEqual([{ ruleCode: 'mon_rule', result: 'M2604002-GZ' }, { ruleCode: 'par_rule', result: 'P0101' }]);
    expect((await execute('no_such_rule')).body).toMatchObject({ success: false, message: FILL_EXEC_MESSAGES.notFound('no_such_rule') });
    const id = String((added.body.result as { id: string }).id);
    expect((await put('/sys/fillRule/edit', { id, ruleCode: 'other_code' })).body).toMatchObject({ success: false, message: FILL_RULE_CODE_FIXED });
  });

  it('a new 学员 and 班级 get their numbers from student_no / clazz_no; a typed number is kept', async () => {
    // Rows inserted in bulk without the form (the demo seed's) are numbered in creation order, dated by their
    // creation; a number someone already holds is skipped and that row waits.
    const t = (d: string) => new Date(`2025-0${d}T02:00:00Z`);
    await be.db.insertInto('tbl_student').values([
      { id: 'nb1', name: '批量一', phone: '13911110001', create_time: t('5-01') },
      { id: 'nb3', name: '批量三', phone: '13911110003', create_time: t('5-03') },
      { id: 'nb2', name: '批量二', phone: '13911110002', create_time: t('5-02') },
      { id: 'nbx', name: '手填', phone: '13911110009', student_no: 'XS202500002', create_time: t('4-01') },
    ]).execute();
    expect(await numberUnnumbered(be.db, STUDENT_NUMBER)).toBe(2);
    const numbered = await be.db.selectFrom('tbl_student').select(['id', 'student_no']).where('id', 'in', ['nb1', 'nb2', 'nb3']).orderBy('id').execute();
    expect(numbered).toEqual([{ id: 'nb1', student_no: 'XS202500001' }, { id: 'nb2', student_no: null }, { id: 'nb3', student_no: 'XS202500003' }]);
    at('2026-09-01T02:00:00Z');
    const s1 = await post('/edu/tblStudent/add', { name: '编号甲', phone: '13912340001' });
    const s2 = await post('/edu/tblStudent/add', { name: '编号乙', phone: '13912340002', studentNo: '' });
    const s3 = await post('/edu/tblStudent/add', { name: '编号丙', phone: '13912340003', studentNo: 'MY-001' });
    const nos = [s1, s2, s3].map((r) => (r.body.result as { studentNo: string }).studentNo);
    expect(nos[0]).toMatch(/^XS2026\d{5}$/);
    expect(nos[1]).toMatch(/^XS2026\d{5}$/);
    expect(nos[1]).not.toBe(nos[0]);
    expect(nos[2]).toBe('MY-001');
    // An edit that leaves it empty keeps the number.
    const id = (s1.body.result as { id: string }).id;
    expect(((await put('/edu/tblStudent/edit', { id, studentNo: '' })).body.result as { studentNo: string }).studentNo).toBe(nos[0]);
    const list = await get(`/edu/tblStudent/list?studentNo=${nos[0]}`);
    expect(list.body.result).toMatchObject({ total: 1, records: [{ name: '编号甲' }] });

    const clazz = await post('/clazz/tblClazz/add', { name: '编号班', capacity: 20 });
    expect((clazz.body.result as { clazzNo: string }).clazzNo).toMatch(/^BJ2609\d{3}$/);
  });

  it('answers 510 to a user without the codes on the CRUD routes', async () => {
    const calls = [
      get('/sys/checkRule/list', jiaowu),
      post('/sys/checkRule/add', { ruleName: 'x', ruleCode: 'x1', ruleJson: '[]' }, jiaowu),
      be.call('/sys/checkRule/deleteBatch?ids=check_rule_common', { method: 'DELETE', token: jiaowu }),
      get('/sys/fillRule/list', jiaowu),
      get('/sys/fillRule/queryById?id=fill_rule_student_no', jiaowu),
      put('/sys/fillRule/edit', { id: 'fill_rule_student_no', rulePattern: 'X{seq:2}' }, jiaowu),
      be.call('/sys/fillRule/delete?id=fill_rule_student_no', { method: 'DELETE', token: jiaowu }),
    ];
    for (const r of await Promise.all(calls)) expect(r.body).toMatchObject({ success: false, code: 510 });
    expect(await be.db.selectFrom('sys_fill_rule').select('rule_pattern').where('id', '=', 'fill_rule_student_no').executeTakeFirst()).toEqual({ rule_pattern: 'XS{yyyy}{seq:5}' });
  });
});
