import type { Insertable } from 'kysely';
import type { Database } from '../db/index';
import type { TblLeadTable } from '../db/schema';
import { recordOwnerChanges, type OwnerChange } from '../crm/lead-owner-history';

/**
 * Demo 线索 (issue #23) so that marketing signs in to something of its own: 25 leads of 王晓雨 (marketing), 8 of
 * 陈思远 (marketing2), 10 in the pool; follow-ups on some, a few due later today and a few overdue, tags, two
 * pinned. Demo only, idempotent (nothing when the first demo lead exists), cheap (one transaction, ~80 rows).
 * Times are relative to the start, so "today" is today whenever the demo is opened.
 */

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈'.split('');
const GIVEN = ['丽', '伟', '芳', '敏', '静', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚'];
const CHILD = ['小雨', '子涵', '梓萱', '浩然', '一诺', '欣怡', '宇轩', '雨桐', '思源', '梓睿'];
const GRADES = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '初一', '初二', '初三'];
const TAGS = ['高意向', '价格敏感', '二胎家庭', '周末有空', '转介绍', '需要试听', '离校近', '对比中'];
const CONTENTS = ['电话沟通，家长关心师资和班级人数', '微信发送课程介绍和课表', '家长带孩子到校参观，体验了一节课', '家长表示考虑中，下周再联系', '询问了优惠活动，已说明'];

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Seeds the demo leads once; returns how many leads it wrote. */
export async function seedCrmDemo(db: Database): Promise<number> {
  const done = await db.selectFrom('tbl_lead').select('id').where('id', '=', 'lead_demo_01').executeTakeFirst();
  if (done) return 0;
  const users = await db.selectFrom('sys_user').select(['id', 'username']).where('id', 'in', ['u_marketing', 'u_marketing2']).execute();
  const marketing = users.find((u) => u.id === 'u_marketing');
  if (!marketing) return 0;
  const marketing2 = users.find((u) => u.id === 'u_marketing2') ?? marketing;
  const courses = (await db.selectFrom('tbl_course').select('id').where('del_flag', '=', 0).orderBy('create_time').limit(5).execute()).map((c) => c.id);
  const now = Date.now();

  const leads: Insertable<TblLeadTable>[] = [];
  const follows: { id: string; lead_id: string; user_id: string; follow_time: Date; method: number; content: string; next_follow_time: Date | null; create_by: string; create_time: Date }[] = [];
  const history: OwnerChange[] = [];
  const TOTAL = 43;
  for (let i = 0; i < TOTAL; i++) {
    const n = String(i + 1).padStart(2, '0');
    const id = `lead_demo_${n}`;
    // 0–24 王晓雨, 25–32 陈思远, 33–42 the pool.
    const owner = i < 25 ? marketing : i < 33 ? marketing2 : null;
    const created = new Date(now - (40 - (i % 30)) * DAY - (i % 7) * HOUR);
    const status = owner ? [0, 1, 1, 2, 3, 1, 0, 4][i % 8] : [1, 0, 4][i % 3];
    const last = status === 0 ? null : new Date(created.getTime() + 2 * DAY);
    // A few due later today, a few overdue (yesterday, this morning), others in the coming days or none.
    let next: Date | null = null;
    if (owner && status !== 4) {
      const slot = i % 6;
      next = slot === 0 ? new Date(now + 2 * HOUR) : slot === 1 ? new Date(now - DAY) : slot === 2 ? new Date(now + 3 * DAY) : slot === 3 ? new Date(now - 3 * HOUR) : slot === 4 ? new Date(now + 6 * DAY) : null;
    }
    const tags = i % 3 === 0 ? [TAGS[i % TAGS.length], TAGS[(i + 3) % TAGS.length]].join(',') : i % 3 === 1 ? TAGS[i % TAGS.length] : null;
    const pinned = owner !== null && (i === 3 || i === 26);
    const poolReason = owner ? null : ['多次联系未接通', '家长暂无需求', '号码有误'][i % 3];
    leads.push({
      id,
      name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}`,
      phone: `1365555${String(1000 + i)}`,
      child_name: `${SURNAMES[i % SURNAMES.length]}${CHILD[i % CHILD.length]}`,
      grade: GRADES[i % GRADES.length],
      channel: (i % 6) + 1,
      intention_course_id: courses.length ? courses[i % courses.length] : null,
      intention_level: (i % 3) + 1,
      follow_status: status,
      tags,
      own_by: owner?.id ?? null,
      owner_time: owner ? created : null,
      last_follow_time: last,
      next_follow_time: next,
      topping: pinned ? 1 : 0,
      top_time: pinned ? new Date(now - i * HOUR) : null,
      pool_reason: poolReason,
      pool_time: owner ? null : new Date(created.getTime() + 5 * DAY),
      remark: null,
      create_by: owner?.username ?? marketing.username,
      create_time: created,
    });
    const creator = owner ?? marketing;
    history.push({ leadId: id, fromUser: null, toUser: creator.id, action: '新建', operator: creator.username });
    if (!owner) history.push({ leadId: id, fromUser: marketing.id, toUser: null, action: '退回', operator: marketing.username, reason: poolReason });
    if (last) {
      for (let k = 0; k < 1 + (i % 3); k++) {
        const at = new Date(last.getTime() - k * DAY);
        follows.push({ id: `lead_demo_f${n}_${k}`, lead_id: id, user_id: creator.id, follow_time: at, method: ((i + k) % 3) + 1, content: CONTENTS[(i + k) % CONTENTS.length], next_follow_time: k === 0 ? next : null, create_by: creator.username, create_time: at });
      }
    }
  }

  await db.transaction().execute(async (tx) => {
    await tx.insertInto('tbl_lead').values(leads).execute();
    await tx.insertInto('tbl_lead_follow').values(follows).execute();
    await recordOwnerChanges(tx, history);
  });
  return leads.length;
}
