import { maskPhone } from './mask-phone';

describe('maskPhone', () => {
  it('masks the middle four digits of a mobile number', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone(' 18611112222 ')).toBe('186****2222');
  });

  it('leaves other values as they are', () => {
    expect(maskPhone(null)).toBe('');
    expect(maskPhone('')).toBe('');
    expect(maskPhone('010-6666')).toBe('010-6666');
  });
});
