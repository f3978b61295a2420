/**
 * What the public brochure page's sign-up form shares with the server (issue #26 item 5), without zod or anything
 * else heavy: the form is the only client code of `/brochure/<token>`. The rules themselves are in prospectus-blocks.ts.
 */

export const PUBLIC_API = '/edu/prospectus/public';

export const SIGNUP_LIMITS = { name: 20, childName: 20, grade: 20, remark: 200, perIp: 5, perIpMinutes: 10, perBrochure: 200, perBrochureMinutes: 60 } as const;

export const SIGNUP_MESSAGES = {
  nameRequired: '请输入姓名',
  nameTooLong: `姓名最多${SIGNUP_LIMITS.name}个字`,
  childNameTooLong: `孩子姓名最多${SIGNUP_LIMITS.childName}个字`,
  phoneInvalid: '请输入正确的手机号码',
  ageInvalid: '年龄须为1到99之间的整数',
  gradeTooLong: `年级最多${SIGNUP_LIMITS.grade}个字`,
  remarkTooLong: `备注最多${SIGNUP_LIMITS.remark}个字`,
  courseInvalid: '所选课程不在本简章中',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误',
  tooFrequent: '提交过于频繁，请稍后再试',
  success: '报名成功，我们会尽快与您联系',
} as const;

/** The channel (dictionary lead_channel) of leads from a brochure's sign-up. */
export const PROSPECTUS_LEAD_CHANNEL = 7;
