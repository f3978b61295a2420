/** @jest-environment node */
import { maskPhone } from '@/lib/account/mask-phone';
import { fieldByName } from '@/lib/resources/field-kinds';
import { resolvePattern } from '@/lib/resources/patterns';
import { maskedPhoneStudentResource, studentResource } from '../student-resource';

describe('学员 for a user without edu:student:phone (issue #21)', () => {
  const def = maskedPhoneStudentResource();

  it('accepts the masked value it was shown, or a real mobile number, and nothing else', () => {
    for (const name of ['phone', 'guardianPhone']) {
      const p = resolvePattern(fieldByName(def, name)!.pattern!);
      expect(p.test(maskPhone('13712345678'))).toBe(true);
      expect(p.test('13712345678')).toBe(true);
      expect(p.test('137****567')).toBe(false);
      expect(p.test('12345')).toBe(false);
      expect(p.message).toBe('请输入正确的手机号码!');
    }
  });

  it('offers no search or advanced query on the phone fields (the server answers none), and leaves the shared definition alone', () => {
    expect(fieldByName(def, 'phone')).toMatchObject({ search: undefined, query: false });
    expect(fieldByName(def, 'guardianPhone')).toMatchObject({ query: false });
    expect(fieldByName(studentResource, 'phone')).toMatchObject({ search: 'like', pattern: 'mobile' });
    expect(def.fields.filter((f) => f.name !== 'phone' && f.name !== 'guardianPhone')).toEqual(studentResource.fields.filter((f) => f.name !== 'phone' && f.name !== 'guardianPhone'));
  });
});
