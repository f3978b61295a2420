/** @jest-environment node */
import { deflateSync } from 'node:zlib';
import { guard } from '../../../lib/redirect';
import { moveBlock, publicRichText, richTextImagePaths } from '../../../lib/work/prospectus-blocks';
import { imageBox, richTextLines } from '../prospectus-pdf';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

/** 招生简章 (issue #26 item 5): composer rules, PDF, publish / withdraw, the public read and its sign-up into the pool. */

let be: TestBackend;
let marketing: string;
let teacher2: string;
let courseId: string;
let courseName: string;

/** A solid-colour PNG of w × h pixels (real, decodable: pdfkit embeds it). */
function png(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x66)]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const post = (path: string, json: unknown, token?: string, ip?: string) => be.call(path, { method: 'POST', json, token, ip });

beforeAll(async () => {
  be = await startTestBackend();
  [marketing, teacher2] = await Promise.all([be.login('marketing'), be.login('teacher2')]);
  await be.db.insertInto('tbl_course').values({ id: 'c_brochure_1', name: '少儿编程启蒙', price: '2400' }).execute();
  const courses = await be.call(`/edu/prospectus/options?kind=course&keyword=${encodeURIComponent('编程')}`, { token: marketing });
  const first = (courses.body.result as { value: string; text: string; price: number }[])[0];
  expect(first).toEqual({ value: 'c_brochure_1', text: '少儿编程启蒙', price: 2400 });
  courseId = first.value;
  courseName = first.text;
});

afterAll(async () => {
  await be?.close();
});

describe('pure rules', () => {
  it('places images at scale 2 and shrinks (never enlarges) them to the box', () => {
    expect(imageBox(400, 200, 495, 700)).toEqual({ width: 200, height: 100 });
    expect(imageBox(2000, 1000, 500, 700)).toEqual({ width: 500, height: 250 });
  });

  it('turns rich text into lines, re-points its own images at the public route, and lets /brochure/* through the page guard', () => {
    expect(richTextLines('<p>第一段<b>加粗</b></p><ul><li>甲</li><li>乙 &amp; 丙</li></ul>')).toEqual(['第一段加粗', '甲', '乙 & 丙']);
    const html = '<p><img src="/jeecg-boot/sys/common/static/temp/a%20b.png" /><img src="https://x.test/y.png" /></p>';
    expect(richTextImagePaths(html)).toEqual(['temp/a b.png']);
    expect(publicRichText(html, 'TOKEN')).toContain('src="/jeecg-boot/edu/prospectus/public/TOKEN/file?path=temp%2Fa%20b.png"');
    expect(publicRichText(html, 'TOKEN')).toContain('src="https://x.test/y.png"');
    expect(moveBlock(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveBlock(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(guard('/brochure/abc', false, null)).toEqual({ kind: 'next' });
    expect(guard('/work/prospectus', false, null).kind).toBe('redirect');
  });
});

describe('招生简章', () => {
  let id: string;
  let token: string;
  let cover: string;
  const TITLE = '2027春季招生简章';

  it('saves typed blocks with checked references and sanitised rich text; refuses bad input in Chinese; needs its codes', async () => {
    cover = (await be.storage.put(png(400, 200), { biz: 'temp', originalName: 'cover.png' })).path;
    const body = {
      title: TITLE,
      subtitle: '小班教学',
      template: 'prospectus',
      cover,
      blocks: [
        { type: 'courses', items: [{ courseId, price: 1999.5, note: '含教材' }] },
        { type: 'schedule', rows: [{ time: '周六 9:00', content: '试听课' }] },
        { type: 'richText', html: '<p onclick="x()">欢迎报名<script>alert(1)</script></p>' },
      ],
    };
    const added = await post('/edu/prospectus/add', body, marketing);
    expect(added.body).toMatchObject({ success: true, message: '添加成功！' });
    id = (added.body.result as { id: string }).id;
    const detail = (await be.call(`/edu/prospectus/detail?id=${id}`, { token: marketing })).body.result as { blocks: { type: string; html?: string }[]; status: number };
    expect(detail.status).toBe(0);
    expect(detail.blocks[2].html).toBe('<p>欢迎报名</p>');

    expect((await post('/edu/prospectus/add', { ...body, title: '' }, marketing)).body.message).toBe('请输入标题');
    expect((await post('/edu/prospectus/add', { ...body, template: 'nope' }, marketing)).body.message).toBe('模板不存在');
    expect((await post('/edu/prospectus/add', { ...body, blocks: [{ type: 'courses', items: [{ courseId: 'missing' }] }] }, marketing)).body.message).toBe('所选课程不存在，请重新选择');
    expect((await post('/edu/prospectus/add', { ...body, blocks: [{ type: 'courses', items: [{ courseId, price: -1 }] }] }, marketing)).body.message).toBe('价格须为0到9999999之间的数字');
    const text = await be.storage.put(Buffer.from('not a picture'), { biz: 'temp', originalName: 'x.png' });
    expect((await post('/edu/prospectus/add', { ...body, cover: text.path }, marketing)).body.message).toBe('图片不存在或格式不正确');
    expect((await post('/edu/prospectus/add', { ...body, cover: '../../etc/passwd' }, marketing)).body.message).toBe('图片不存在或格式不正确');

    expect((await post('/edu/prospectus/add', body, teacher2)).body.code).toBe(510);
    expect((await be.call('/edu/prospectus/list?template=prospectus', { token: teacher2 })).body.code).toBe(510);
    const list = (await be.call('/edu/prospectus/list?template=prospectus', { token: marketing })).body.result as { records: { id: string; createBy_dictText?: string }[] };
    expect(list.records.map((r) => r.id)).toContain(id);
    // 创建人 shows the person's name, not the username (issue #39).
    expect(list.records.find((r) => r.id === id)?.createBy_dictText).toBe('王晓雨');
    expect(((await be.call('/edu/prospectus/list?template=BeBornInto', { token: marketing })).body.result as { records: unknown[] }).records).toHaveLength(0);
  });

  it('previews with catalogue names and the brochure price, and exports a PDF whose text has the title and the course table', async () => {
    const detail = (await be.call(`/edu/prospectus/detail?id=${id}`, { token: marketing })).body.result as Record<string, unknown>;
    const preview = (await post('/edu/prospectus/preview', detail, marketing)).body.result as { blocks: { type: string; items?: { name: string; price: number }[] }[] };
    expect(preview.blocks[0].items![0]).toMatchObject({ name: courseName, price: 1999.5 });

    const res = await be.fetch(new Request(`http://backend/edu/prospectus/exportPdf?id=${id}`, { headers: { 'X-Access-Token': marketing } }));
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(TITLE)}.pdf`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain(TITLE);
    expect(text).toContain(courseName);
    expect(text).toContain('¥1999.50');
    expect(text).toContain('欢迎报名');
    expect((await be.call(`/edu/prospectus/exportPdf?id=${id}`, { token: teacher2 })).body.code).toBe(510);
  });

  it('publishes a random link whose anonymous read shows the page only; withdrawing kills it at once', async () => {
    const pub = await post('/edu/prospectus/publish', { id }, marketing);
    expect(pub.body.message).toBe('发布成功');
    token = (pub.body.result as { token: string; url: string }).token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((pub.body.result as { url: string }).url).toBe(`/brochure/${token}`);

    const read = await be.call(`/edu/prospectus/public/${token}`);
    expect(read.status).toBe(200);
    const answer = read.body.result as { view: { title: string; blocks: unknown[] } };
    expect(answer.view.title).toBe(TITLE);
    const json = JSON.stringify(answer);
    for (const hidden of ['createBy', 'create_by', 'marketing', 'tenant', 'publicToken', '"id"']) expect(json).not.toContain(hidden);

    // Its cover through the public link; a stored file it does not show is not served.
    const img = await be.fetch(new Request(`http://backend/edu/prospectus/public/${token}/file?path=${encodeURIComponent(cover)}`));
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    const other = (await be.storage.put(png(2, 2), { biz: 'temp', originalName: 'other.png' })).path;
    expect((await be.fetch(new Request(`http://backend/edu/prospectus/public/${token}/file?path=${encodeURIComponent(other)}`))).status).toBe(404);
    expect((await be.call(`/edu/prospectus/public/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('turns a sign-up into a pool lead (channel 招生简章, title in 备注, text kept as text); duplicates make no second lead', async () => {
    const name = '<b>王</b>家长';
    const r = await post(`/edu/prospectus/public/${token}/signup`, { name, phone: '13700001111', childName: ' 王小乐 ', childAge: 7, courseId, remark: '<script>x</script>周末' }, undefined, '10.9.0.1');
    expect(r.body).toMatchObject({ success: true, message: '报名成功，我们会尽快与您联系' });
    const lead = await be.db.selectFrom('tbl_lead').selectAll().where('phone', '=', '13700001111').executeTakeFirstOrThrow();
    // 孩子姓名 (issue #39) is the lead's child_name, which 预约试听 offers as the student's name.
    expect(lead).toMatchObject({ name, child_name: '王小乐', own_by: null, channel: 7, intention_course_id: courseId });
    expect(lead.remark).toBe(`来自招生简章《${TITLE}》；孩子年龄：7岁；留言：<script>x</script>周末`);
    const pool = (await be.call(`/crm/leadPool/list?name=${encodeURIComponent('*王*')}`, { token: marketing })).body.result as { records: { id: string }[] };
    expect(pool.records.map((x) => x.id)).toContain(lead.id);

    const again = await post(`/edu/prospectus/public/${token}/signup`, { name: '另一人', phone: '137 0000 1111' }, undefined, '10.9.0.2');
    expect(again.body.success).toBe(true);
    expect(await be.db.selectFrom('tbl_lead').select('id').where('phone', '=', '13700001111').execute()).toHaveLength(1);
    const kept = await be.db.selectFrom('tbl_prospectus_signup').select(['name', 'lead_id']).where('client_ip', '=', '10.9.0.2').executeTakeFirstOrThrow();
    expect(kept).toEqual({ name: '另一人', lead_id: lead.id });

    expect((await post(`/edu/prospectus/public/${token}/signup`, { name: '张三', phone: '12345' }, undefined, '10.9.0.3')).body.message).toBe('请输入正确的手机号码');
    expect((await post(`/edu/prospectus/public/${token}/signup`, { name: '张三', phone: '13700002222', childName: '孩'.repeat(21) }, undefined, '10.9.0.3')).body.message).toBe('孩子姓名最多20个字');
    expect((await post(`/edu/prospectus/public/${token}/signup`, { name: '张三', phone: '13700002222', courseId: 'other' }, undefined, '10.9.0.3')).body.message).toBe('所选课程不在本简章中');
  });

  it('limits sign-ups per client IP, asks for the captcha when it is on, and answers 404 once withdrawn', async () => {
    const ip = '10.9.1.1';
    for (let i = 0; i < 5; i++) expect((await post(`/edu/prospectus/public/${token}/signup`, { name: `访客${i}`, phone: `1360000000${i}` }, undefined, ip)).body.success).toBe(true);
    const sixth = await post(`/edu/prospectus/public/${token}/signup`, { name: '访客6', phone: '13600000006' }, undefined, ip);
    expect(sixth.body).toMatchObject({ success: false, message: '提交过于频繁，请稍后再试' });
    expect(await be.db.selectFrom('tbl_lead').select('id').where('phone', '=', '13600000006').execute()).toHaveLength(0);

    be.config.captcha = true;
    try {
      expect((await post(`/edu/prospectus/public/${token}/signup`, { name: '访客', phone: '13600000007' }, undefined, '10.9.2.1')).body.message).toBe('请输入验证码');
      await be.call('/sys/randomImage/k1');
      expect((await post(`/edu/prospectus/public/${token}/signup`, { name: '访客', phone: '13600000007', captcha: 'abcd', checkKey: 'k1' }, undefined, '10.9.2.1')).body.message).toBe('验证码错误');
    } finally {
      be.config.captcha = false;
    }

    expect((await post('/edu/prospectus/withdraw', { id }, marketing)).body.success).toBe(true);
    expect((await be.call(`/edu/prospectus/public/${token}`)).status).toBe(404);
    expect((await post(`/edu/prospectus/public/${token}/signup`, { name: '迟到', phone: '13600000008' }, undefined, '10.9.3.1')).status).toBe(404);
  });
});
