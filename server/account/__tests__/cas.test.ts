/** @jest-environment node */
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

const casUrl = 'https://cas.example.test/cas';
const service = 'http://localhost:3000/user/login?redirect=/dashboard/analysis&x=a b';

const successXml = (user: string) => `<cas:serviceResponse xmlns:cas='http://www.yale.edu/tp/cas'>
    <cas:authenticationSuccess>
        <cas:user>${user}</cas:user>
    </cas:authenticationSuccess>
</cas:serviceResponse>`;

const failureXml = `<cas:serviceResponse xmlns:cas='http://www.yale.edu/tp/cas'>
    <cas:authenticationFailure code="INVALID_TICKET">Ticket ST-1 not recognized</cas:authenticationFailure>
</cas:serviceResponse>`;

/** What the stub CAS server answers next, and every URL it was asked. */
let reply: () => Promise<Response>;
const calls: string[] = [];
const stubFetch = (async (input: RequestInfo | URL) => {
  calls.push(typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url);
  return reply();
}) as typeof fetch;
const answer = (xml: string) => () => Promise.resolve(new Response(xml, { status: 200, headers: { 'content-type': 'text/xml' } }));

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ casUrl }, stubFetch);
});
afterAll(() => be.close());
beforeEach(() => {
  calls.length = 0;
});

const validate = (ticket: string, svc = service) =>
  be.call(`/sys/cas/client/validateLogin?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(svc)}`);

describe('GET /sys/cas/client/validateLogin', () => {
  it('validates the ticket at <casUrl>/p3/serviceValidate with the service exactly as passed, then logs in', async () => {
    reply = answer(successXml('teacher'));
    const r = await validate('ST-42-abc');
    expect(calls).toEqual([`${casUrl}/p3/serviceValidate?ticket=ST-42-abc&service=${encodeURIComponent(service)}`]);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const result = r.body.result as { token: string; userInfo: { username: string }; departs: unknown[]; multi_depart: number };
    expect(result.userInfo.username).toBe('teacher');
    expect(result.departs).toHaveLength(2);
    expect(result.multi_depart).toBe(2);
    // Contract §9: no dictionaries in the CAS answer.
    expect(result).not.toHaveProperty('sysAllDictItems');
    const me = await be.call('/sys/user/getAccountInfoFromToken', { token: result.token });
    expect(me.status).toBe(200);
    expect((me.body.result as { userInfo: { username: string } }).userInfo.username).toBe('teacher');
  });

  it('passes the CAS failure text on', async () => {
    reply = answer(failureXml);
    const r = await validate('ST-1');
    expect(calls).toHaveLength(1);
    expect(r.body).toMatchObject({ success: false, message: 'Ticket ST-1 not recognized' });
    expect(r.body.result).toBeNull();
  });

  it('applies the login effectiveness checks to the CAS principal', async () => {
    reply = answer(successXml('frozen'));
    expect((await validate('ST-2')).body).toMatchObject({ success: false, message: '该用户已冻结' });
    reply = answer(successXml('nobody_known'));
    expect((await validate('ST-3')).body).toMatchObject({ success: false, message: '该用户不存在，请注册' });
  });

  it('refuses missing parameters without calling CAS, and survives an unreachable CAS', async () => {
    reply = answer(successXml('teacher'));
    expect((await be.call(`/sys/cas/client/validateLogin?service=${encodeURIComponent(service)}`)).body.success).toBe(false);
    expect((await be.call('/sys/cas/client/validateLogin?ticket=ST-4')).body.success).toBe(false);
    expect(calls).toHaveLength(0);
    reply = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const down = await validate('ST-5');
    expect(down.body.success).toBe(false);
    expect(down.body.message).not.toMatch(/ECONNREFUSED/);
    expect(down.body.result).toBeNull();
  });
});

describe('CAS not configured', () => {
  let plain: TestBackend;
  beforeAll(async () => {
    plain = await startTestBackend({ casUrl: null }, stubFetch);
  });
  afterAll(() => plain.close());

  it('answers 未启用单点登录 and never calls out', async () => {
    reply = answer(successXml('teacher'));
    const r = await plain.call(`/sys/cas/client/validateLogin?ticket=ST-9&service=${encodeURIComponent(service)}`);
    expect(r.body).toMatchObject({ success: false, message: '未启用单点登录' });
    expect(calls).toHaveLength(0);
  });
});
