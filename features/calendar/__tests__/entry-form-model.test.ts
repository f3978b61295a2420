import dayjs from 'dayjs';
import type { CalendarOptions } from '../calendar-api';
import { buildEntryInput, buildSeriesInput, classPrefill, cleanTeachers, isoWeekday } from '../entry-form-model';

const OPTIONS: CalendarOptions = {
  myTeacherIds: [],
  teachers: [],
  locations: [],
  rooms: [],
  courses: [],
  classes: [
    { id: 'z1', name: '初二数学A班', courseId: 'k1', locationId: 'l1', roomId: 'r1', headTeacher: 't1', capacity: 20, hoursPerLesson: 1.5, color: null },
    { id: 'z2', name: '空班', courseId: null, locationId: null, roomId: null, headTeacher: null, capacity: null, hoursPerLesson: null, color: null },
  ],
};

describe('entry form → wire', () => {
  it('a teaching session: class kept, times on the wire, empty texts as null, one row per teacher', () => {
    expect(
      buildEntryInput({
        type: 0,
        clazzId: 'z1',
        teachers: [{ teacherId: 't1', role: 1 }, { teacherId: 't2', role: 2 }, { teacherId: 't1', role: 2 }, {}],
        locationId: 'l1',
        roomId: 'r1',
        start: dayjs('2026-11-23 10:00:27'),
        end: dayjs('2026-11-23 11:30:00'),
        title: '  ',
        content: '<p></p>',
        liveUrl: ' https://live.example.com/x ',
        remark: '',
      }),
    ).toEqual({
      type: 0,
      title: undefined,
      clazzId: 'z1',
      clazzStartTime: '2026-11-23 10:00:00',
      clazzEndTime: '2026-11-23 11:30:00',
      locationId: 'l1',
      roomId: 'r1',
      teachers: [
        { teacherId: 't1', role: 1 },
        { teacherId: 't2', role: 2 },
      ],
      content: null,
      liveUrl: 'https://live.example.com/x',
      remark: null,
    });
  });

  it('other types drop the class', () => {
    const input = buildEntryInput({ type: 4, clazzId: 'z1', title: ' 教研会 ', start: dayjs('2026-11-23 14:00'), end: dayjs('2026-11-23 15:00'), content: '<p>议程</p>' });
    expect(input).toMatchObject({ type: 4, clazzId: null, title: '教研会', content: '<p>议程</p>', teachers: [] });
  });

  it('series: end date or count, sorted weekdays, HH:mm times', () => {
    const base = {
      clazzId: 'z1',
      teachers: [{ teacherId: 't1', role: 1 as const }],
      locationId: 'l1',
      roomId: 'r1',
      startDate: dayjs('2026-11-23'),
      endDate: dayjs('2026-12-31'),
      count: 12,
      weekdays: [6, 1, 3],
      startTime: dayjs('2026-11-23 18:30'),
      endTime: dayjs('2026-11-23 20:00'),
      skipHoliday: true,
    };
    expect(buildSeriesInput({ ...base, endMode: 'count' })).toEqual({
      clazzId: 'z1',
      startDate: '2026-11-23',
      endDate: null,
      count: 12,
      weekdays: [1, 3, 6],
      startTime: '18:30',
      endTime: '20:00',
      locationId: 'l1',
      roomId: 'r1',
      teachers: [{ teacherId: 't1', role: 1 }],
      skipHoliday: true,
    });
    expect(buildSeriesInput({ ...base, endMode: 'date', skipHoliday: false })).toMatchObject({ endDate: '2026-12-31', count: null, skipHoliday: false });
  });

  it('choosing a class prefills venue, room and the head teacher as 主讲', () => {
    expect(classPrefill(OPTIONS, 'z1')).toEqual({ locationId: 'l1', roomId: 'r1', teachers: [{ teacherId: 't1', role: 1 }] });
    expect(classPrefill(OPTIONS, 'z2')).toEqual({});
    expect(classPrefill(OPTIONS, undefined)).toEqual({});
  });

  it('helpers', () => {
    expect(cleanTeachers(undefined)).toEqual([]);
    expect(cleanTeachers([{ teacherId: 't9' }])).toEqual([{ teacherId: 't9', role: 1 }]);
    expect(isoWeekday(dayjs('2026-11-23'))).toBe(1);
    expect(isoWeekday(dayjs('2026-11-29'))).toBe(7);
  });
});
