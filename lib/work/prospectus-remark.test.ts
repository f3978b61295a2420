import { parseSignupRemark, signupRemark } from './prospectus-blocks';

/** A lead's 备注 written by a brochure sign-up reads back into its parts (the 线索池 详情 shows them apart). */
describe('parseSignupRemark', () => {
  it('reads back what signupRemark wrote', () => {
    expect(parseSignupRemark(signupRemark('春季招生', { childAge: 7, remark: '周末上课；可以试听吗？' }))).toEqual({ brochure: '春季招生', childAge: 7, message: '周末上课；可以试听吗？' });
    expect(parseSignupRemark(signupRemark('《编程》班', { childAge: null, remark: null }))).toEqual({ brochure: '《编程》班', childAge: null, message: null });
    expect(parseSignupRemark(signupRemark('夏令营', { childAge: null, remark: '留言：两个孩子' }))).toEqual({ brochure: '夏令营', childAge: null, message: '留言：两个孩子' });
  });

  it('is null for any other 备注', () => {
    expect(parseSignupRemark('家长来电咨询')).toBeNull();
    expect(parseSignupRemark(null)).toBeNull();
    expect(parseSignupRemark('')).toBeNull();
  });
});
