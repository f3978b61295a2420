/** @jest-environment node */
import { GET } from '../route';
import { SANDBOX_PATH } from '@/features/online/cgform/enhance-runtime';

describe('GET /enhance-sandbox', () => {
  it('answers the bootstrap document under a sandboxing policy of its own, the same for everyone', async () => {
    expect(SANDBOX_PATH).toBe('/enhance-sandbox');
    const res = GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox allow-scripts; default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]+=*' 'unsafe-eval'; worker-src blob:; connect-src 'none';/);
    expect(csp).toContain("frame-ancestors 'self'");
    const body = await res.text();
    expect(body).toContain('new Worker(url)');
    expect(body).not.toContain('api.onButton =');
  });
});
