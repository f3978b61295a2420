/** @jest-environment node */
import { isChunkLoadError, planError } from './error-plan';

describe('planError (spec 01 §8)', () => {
  it.each([
    [{ status: 401, code: 401, message: 'Token失效，请重新登录!' }, { kind: 'session-expired' }],
    [{ status: 500, code: 500, message: 'Token失效，请重新登录' }, { kind: 'session-expired' }],
    [{ status: 401, code: 401, message: '未授权，请重新登录' }, { kind: 'unauthorized', message: '未授权，请重新登录', logoutAfterMs: 1500 }],
    [{ status: 403, code: 403, message: 'x' }, { kind: 'notice', title: '系统提示', description: '拒绝访问' }],
    [{ status: 404, code: 404, message: 'x' }, { kind: 'notice', title: '系统提示', description: '很抱歉，资源未找到!' }],
    [{ status: 504, code: 504, message: 'x' }, { kind: 'notice', title: '系统提示', description: '网络超时' }],
    [{ status: 200, code: 510, message: '没有权限，请联系管理员授权' }, { kind: 'warning', message: '没有权限，请联系管理员授权' }],
    [{ status: 200, code: 500, message: '用户名已存在' }, { kind: 'warning', message: '用户名已存在' }],
    [{ status: 502, code: 502, message: '后端服务暂时无法连接，请稍后重试' }, { kind: 'error', message: '后端服务暂时无法连接，请稍后重试' }],
  ])('%j', (input, plan) => expect(planError(input)).toEqual(plan));
});

describe('isChunkLoadError', () => {
  it.each([
    [{ name: 'ChunkLoadError', message: 'Loading chunk 123 failed.' }, true],
    [{ code: 'CSS_CHUNK_LOAD_FAILED', message: 'x' }, true],
    [new Error('Loading CSS chunk app/page failed'), true],
    [new Error('Failed to load chunk /_next/static/chunks/abc.js'), true],
    [new Error('Something else'), false],
    [null, false],
    ['ChunkLoadError', false],
  ])('%p → %p', (reason, expected) => expect(isChunkLoadError(reason)).toBe(expected));
});
