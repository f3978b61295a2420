import { DEMO_USERS } from './seed/seed-data';
import { demoSignInLine } from './demo-banner';

describe('start banner', () => {
  it('names every demo user who can sign in, and not the frozen one', () => {
    const line = demoSignInLine(DEMO_USERS, 'pw');
    for (const u of ['admin', 'teacher', 'teacher2', 'marketing', 'marketing2', 'jiaowu']) expect(line).toContain(u);
    expect(line).not.toContain('frozen');
    expect(line).toMatch(/password pw$/);
  });
});
