/** @jest-environment node */
import { Hono } from 'hono';
import { Linter } from 'eslint';
import * as tsParser from '@typescript-eslint/parser';
import { ApiFailure, failureResponse, fail } from '../errors';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the lint rule is CommonJS, shared with eslint.config.mjs
const { NO_FAIL_RESPONSE } = require('../../../scripts/eslint/no-fail-response.cjs') as { NO_FAIL_RESPONSE: { selector: string; message: string }[] };

/**
 * One failure style on the server (issue #40): a refusal is thrown as an ApiFailure and answered once by
 * failureResponse (the app's onError) with the envelope, its code, its HTTP status and its result; the lint rule
 * forbids answering c.json(fail(…)) anywhere else.
 */

describe('failureResponse', () => {
  const app = new Hono();
  app.onError(failureResponse);
  app.get('/plain', () => {
    throw new ApiFailure('请选择一条记录！');
  });
  app.get('/status', () => {
    throw new ApiFailure('请求内容过大', 413, 413);
  });
  app.get('/result', () => {
    throw new ApiFailure('用户名或密码错误', 500, 200, { attemptsLeft: 2 });
  });
  app.get('/crash', () => {
    throw new Error('relation "secret" does not exist');
  });
  const call = async (path: string) => {
    const res = await app.fetch(new Request(`http://x${path}`));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('answers an ApiFailure as the envelope fail() builds, with its HTTP status', async () => {
    const { timestamp: _t, ...plain } = fail('请选择一条记录！');
    expect(await call('/plain')).toEqual({ status: 200, body: { ...plain, timestamp: expect.any(Number) } });
    expect(await call('/status')).toEqual({ status: 413, body: expect.objectContaining({ success: false, code: 413, message: '请求内容过大', result: null }) });
    expect(await call('/result')).toEqual({ status: 200, body: expect.objectContaining({ success: false, code: 500, result: { attemptsLeft: 2 } }) });
  });

  it('answers any other error 操作失败 without leaking it', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { status, body } = await call('/crash');
      expect({ status, body }).toEqual({ status: 200, body: expect.objectContaining({ success: false, code: 500, message: '操作失败，请稍后重试', result: null }) });
      expect(JSON.stringify(body)).not.toContain('secret');
    } finally {
      log.mockRestore();
    }
  });
});

describe('the lint rule against c.json(fail(…))', () => {
  const lint = (code: string) =>
    new Linter({ configType: 'flat' })
      .verify(code, [{ files: ['**/*.ts'], languageOptions: { parser: tsParser }, rules: { 'no-restricted-syntax': ['error', ...NO_FAIL_RESPONSE] } }], 'server/x/planted.ts')
      .map((m) => m.line);

  it('fires on a planted answer, direct or in a conditional', () => {
    const planted = [
      "const a = (c: Ctx) => c.json(fail('坏', 400), 400);",
      "const b = (c: Ctx, x: boolean) => c.json(x ? ok(null) : fail('坏'));",
      "const d = (ctx: HookCtx) => ctx.c.json(fail('坏'));",
    ].join('\n');
    expect(lint(planted)).toEqual([1, 2, 3]);
  });

  it('lets the thrown failure and a success envelope built from fail() through', () => {
    const fine = [
      "const a = () => { throw new ApiFailure('坏', 400, 400); };",
      "const b = (c: Ctx) => c.json({ ...fail('空', 500), success: true });",
      'const d = (c: Ctx) => c.json(ok(null));',
    ].join('\n');
    expect(lint(fine)).toEqual([]);
  });
});
