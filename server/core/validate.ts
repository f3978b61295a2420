import { z } from 'zod';
import { ID_MAX } from './ids';
import { ApiFailure } from './errors';
import type { Ctx } from './context';

/** Reads and validates a JSON (or form) body; the first problem becomes the envelope's message. */
export async function readBody<T extends z.ZodType>(c: Ctx, schema: T): Promise<z.infer<T>> {
  let raw: unknown = {};
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) raw = await c.req.json();
    else if (type.includes('form')) raw = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]));
    else raw = {};
  } catch {
    throw new ApiFailure('请求数据格式错误');
  }
  return parse(schema, raw);
}

export function parse<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const r = schema.safeParse(raw);
  if (!r.success) throw new ApiFailure(r.error.issues[0]?.message ?? '请求参数错误');
  return r.data;
}

export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const mobileField = z.string({ error: '请输入手机号码' }).trim().regex(MOBILE_RE, '请输入正确的手机号码');
export const smsCodeField = z.string({ error: '请输入验证码' }).trim().regex(/^\d{6}$/, '请输入6位验证码');

/** A required id in a body: 请选择{label} when missing, {label}不正确 when longer than any id of ours. */
export const labelledId = (label: string) => z.string({ error: `请选择${label}` }).trim().min(1, `请选择${label}`).max(ID_MAX, `${label}不正确`);

/** A required id in a body whose every failure is 参数错误 (the client never lets a person type it). */
export const idParam = z.string({ error: '参数错误' }).trim().min(1, '参数错误').max(ID_MAX, '参数错误');
