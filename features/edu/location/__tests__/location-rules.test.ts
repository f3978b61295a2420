import { buildRegionTree, createRegionIndex } from '@/lib/region';
import {
  canEditLocation,
  detailError,
  maxMemberError,
  MAX_MEMBER_LIMIT,
  phoneError,
  regionError,
  regionPathFromNames,
  sameRegionName,
  toFormValues,
  toggleBody,
  toggledValue,
  toggleQuestion,
  toLocationPayload,
  validateLocation,
  withDefaultCity,
} from '../location-rules';

describe('maxMemberError (最多容纳人数)', () => {
  it.each([undefined, null, '', '   '])('%p is missing: 请填写最多容纳人数', (v) => {
    expect(maxMemberError(v)).toBe('请填写最多容纳人数');
  });

  it.each([0, -1, 1.5, '0', '-3', '1.0', '01', '+3', '1e3', 'abc', ' 2 x', Number.NaN, Number.POSITIVE_INFINITY, MAX_MEMBER_LIMIT + 1, true])('%p is not a positive integer: 请输入正整数!', (v) => {
    expect(maxMemberError(v)).toBe('请输入正整数!');
  });

  it.each([1, 30, '12', ' 7 ', MAX_MEMBER_LIMIT, 5.0])('%p is accepted', (v) => {
    expect(maxMemberError(v)).toBeNull();
  });
});

describe('regionError / detailError', () => {
  it('地区 needs at least a province: 请选择地区!', () => {
    expect(regionError(undefined)).toBe('请选择地区!');
    expect(regionError([])).toBe('请选择地区!');
    expect(regionError([''])).toBe('请选择地区!');
    expect(regionError(['440000'])).toBeNull();
    expect(regionError(['440000', '440300'])).toBeNull();
  });

  it('详细地址 may not be blank: 请输入详细地址!', () => {
    expect(detailError(undefined)).toBe('请输入详细地址!');
    expect(detailError('  ')).toBe('请输入详细地址!');
    expect(detailError('科技园')).toBeNull();
  });

  it('联系电话 is optional; when given, digits, spaces, + - ( ), 5 to 30 characters', () => {
    expect(phoneError('')).toBeNull();
    expect(phoneError(null)).toBeNull();
    expect(phoneError('010-8888 6666')).toBeNull();
    expect(phoneError('+86 (755) 1234')).toBeNull();
    expect(phoneError('1234')).toBe('请输入正确的联系电话');
    expect(phoneError('13800abc000')).toBe('请输入正确的联系电话');
    expect(phoneError('1'.repeat(31))).toBe('请输入正确的联系电话');
  });

  it('validateLocation lists every message by field', () => {
    expect(validateLocation({})).toEqual({ name: '请输入场地名称!', region: '请选择地区!', detailLocation: '请输入详细地址!', maxMember: '请填写最多容纳人数' });
    expect(validateLocation({ name: '  ', region: ['110000'], detailLocation: '东城区', maxMember: 20 })).toEqual({ name: '请输入场地名称!' });
    expect(validateLocation({ name: '东城教学点', region: ['110000'], detailLocation: '东城区', maxMember: 0 })).toEqual({ maxMember: '请输入正整数!' });
    expect(validateLocation({ name: '东城教学点', region: ['110000'], detailLocation: '东城区', maxMember: 20 })).toEqual({});
  });
});

describe('city defaulting and the saved body', () => {
  it('an empty city becomes the province', () => {
    expect(withDefaultCity({ province: '900000', city: null })).toEqual({ province: '900000', city: '900000' });
    expect(withDefaultCity({ province: '110000', city: '' })).toEqual({ province: '110000', city: '110000' });
    expect(withDefaultCity({ province: '440000', city: '440300' })).toEqual({ province: '440000', city: '440300' });
  });

  it('add: no id, the region split, city defaulted, texts trimmed, a new venue enabled and not 双师', () => {
    const body = toLocationPayload({ name: ' 东京教学点 ', region: ['900000'], detailLocation: '  Tokyo ', maxMember: '30', inCharge: 'u_teacher', phone: ' 010-1234 ', longitude: 139.7, latitude: 35.68 });
    expect(body).toEqual({
      name: '东京教学点',
      province: '900000',
      city: '900000',
      detailLocation: 'Tokyo',
      maxMember: 30,
      inCharge: 'u_teacher',
      hotelExpenses: null,
      hotelContact: null,
      phone: '010-1234',
      remark: null,
      longitude: 139.7,
      latitude: 35.68,
      status: 1,
      isDoubleTeacher: 0,
    });
  });

  it('edit: the record id, the flags left to the record', () => {
    const body = toLocationPayload({ region: ['440000', '440300'], detailLocation: '南山区', maxMember: 10 }, { id: 'l1', status: 0 });
    expect(body).toMatchObject({ id: 'l1', province: '440000', city: '440300', longitude: null, latitude: null });
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('isDoubleTeacher');
  });

  it('edit: the version the venue was read at is not in the body (it travels in If-Match, issue #39)', () => {
    expect(toLocationPayload({ region: ['440000'] }, { id: 'l1', _version: '1765112580000000' })).not.toHaveProperty('_version');
  });

  it('form values of a record: a defaulted city shows as the province alone; coordinates as numbers', () => {
    expect(toFormValues({ id: 'l1', province: '900000', city: '900000', maxMember: '12', longitude: '116.1', latitude: '39.2' })).toMatchObject({ region: ['900000'], maxMember: 12, longitude: 116.1, latitude: 39.2 });
    expect(toFormValues({ id: 'l2', province: '440000', city: '440300' }).region).toEqual(['440000', '440300']);
    expect(toFormValues(null)).toEqual({ name: null, region: [] });
    expect(toFormValues({ id: 'l3', name: '中关村校区', province: '110000' })).toMatchObject({ name: '中关村校区', region: ['110000'] });
  });
});

describe('canEditLocation (spec 01 §6)', () => {
  const row = { id: 'l1', ownBy: 'u_owner' };
  it('the owner, an admin or a marketing user; nobody else', () => {
    expect(canEditLocation(row, { id: 'u_owner' })).toBe(true);
    expect(canEditLocation(row, { id: 'u_teacher' })).toBe(false);
    expect(canEditLocation(row, { id: 'u_teacher', isAdmin: 1 })).toBe(true);
    expect(canEditLocation(row, { id: 'u_teacher', isMarketing: '1' })).toBe(true);
    expect(canEditLocation(row, { id: 'u_teacher', isAdmin: 0, isMarketing: 0 })).toBe(false);
  });

  it('no signed-in user edits nothing', () => {
    expect(canEditLocation(row, null)).toBe(false);
    expect(canEditLocation({ id: 'l2', ownBy: '' }, { id: '' })).toBe(false);
  });
});

describe('toggles', () => {
  it('flip 1 ↔ 0 whatever the wire type', () => {
    expect(toggledValue(1)).toBe(0);
    expect(toggledValue('1')).toBe(0);
    expect(toggledValue(0)).toBe(1);
    expect(toggledValue(null)).toBe(1);
  });

  it('ask in Chinese before the change', () => {
    expect(toggleQuestion('status', 0)).toBe('确定要停用该场地吗？');
    expect(toggleQuestion('status', 1)).toBe('确定要启用该场地吗？');
    expect(toggleQuestion('isDoubleTeacher', 1)).toBe('确定要将该场地设为双师场地吗？');
    expect(toggleQuestion('isDoubleTeacher', 0)).toBe('确定要取消该场地的双师吗？');
  });

  it('the body is the row with one flag flipped', () => {
    const row = { id: 'l1', status: 1, isDoubleTeacher: 0, detailLocation: 'x' };
    expect(toggleBody(row, 'status')).toEqual({ ...row, status: 0 });
    expect(toggleBody(row, 'isDoubleTeacher')).toEqual({ ...row, isDoubleTeacher: 1 });
  });
});

describe('regionPathFromNames (geocoder names → codes)', () => {
  const index = createRegionIndex(
    buildRegionTree([
      { code: '11', name: '北京市', children: [{ code: '1101', name: '市辖区' }] },
      { code: '44', name: '广东省', children: [{ code: '4401', name: '广州市' }, { code: '4403', name: '深圳市' }] },
      { code: '45', name: '广西壮族自治区', children: [{ code: '4501', name: '南宁市' }] },
      { code: '22', name: '吉林省', children: [{ code: '2202', name: '吉林市' }] },
    ]),
  );

  it('matches with or without the administrative suffix', () => {
    expect(sameRegionName('广东省', '广东')).toBe(true);
    expect(sameRegionName('广西壮族自治区', '广西')).toBe(true);
    expect(sameRegionName('深圳', '深圳市')).toBe(true);
    expect(sameRegionName('广东省', '广西')).toBe(false);
    expect(sameRegionName('', '广东')).toBe(false);
  });

  it('province and city', () => {
    expect(regionPathFromNames(index, '广东省', '深圳市')).toEqual(['440000', '440300']);
    expect(regionPathFromNames(index, '广西', '南宁')).toEqual(['450000', '450100']);
    expect(regionPathFromNames(index, '吉林省', '吉林市')).toEqual(['220000', '220200']);
  });

  it('a municipality (北京市 has 市辖区) or an unknown city gives the province alone', () => {
    expect(regionPathFromNames(index, '北京市', '北京市')).toEqual(['110000']);
    expect(regionPathFromNames(index, '广东省', '香港')).toEqual(['440000']);
  });

  it('a city without a province is looked up everywhere; nothing known gives []', () => {
    expect(regionPathFromNames(index, undefined, '广州市')).toEqual(['440000', '440100']);
    expect(regionPathFromNames(index, 'California', 'Los Angeles')).toEqual([]);
    expect(regionPathFromNames(index, null, null)).toEqual([]);
  });
});
