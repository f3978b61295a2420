import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormModal } from '@/components/data/list/form-modal';
import { page, wrapper } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import { clazzEditors } from '../clazz-editors';
import { clazzResource } from '../clazz-resource';

jest.setTimeout(60_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

const VENUES = [
  { id: 'loc_a', name: '中关村校区' },
  { id: 'loc_b', name: '国贸教学点' },
];
const ROOMS = [
  { id: 'r_a1', locationId: 'loc_a', name: '201教室' },
  { id: 'r_b1', locationId: 'loc_b', name: 'A教室' },
];

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((url: string, p: Record<string, unknown> = {}) => {
    if (url === '/location/tblLocation/list') return Promise.resolve(page(VENUES));
    // The room list honours its filter as the server does: unfiltered, every venue's rooms come back.
    if (url === '/edu/tblRoom/list') return Promise.resolve(page(ROOMS.filter((r) => !p.locationId || r.locationId === p.locationId)));
    return Promise.resolve(page([]));
  });
});

// Only the two fields under test: the rest of the form is antd's and the engine's (and slow in jsdom).
const DEF = { ...clazzResource, fields: clazzResource.fields.filter((f) => f.name === 'locationId' || f.name === 'roomId') };
const field = (name: string) => document.getElementById(`tblClazz_form_${name}`) as HTMLElement;
const itemOf = (name: string) => field(name).closest('.ant-form-item') as HTMLElement;
const optionTexts = () => Array.from(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).map((n) => n.getAttribute('title'));

async function choose(name: string, title: string) {
  fireEvent.mouseDown(field(name));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${title}"]`)).not.toBeNull());
  await act(async () => fireEvent.click(document.querySelector(`.ant-select-item-option[title="${title}"]`) as HTMLElement));
}

describe('班级 form: 场地 and 默认教室 (issue #21)', () => {
  it('lists only the chosen venue’s rooms, and a change of venue clears the room', async () => {
    render(<FormModal def={DEF} open mode="add" onClose={jest.fn()} editors={clazzEditors} />, { wrapper: wrapper() });
    await screen.findByTestId('form-modal');
    // No venue yet: nothing to choose.
    expect(screen.getByTestId('clazz-room-no-venue')).toBeTruthy();
    expect(screen.getByText('请先选择场地')).toBeTruthy();

    await choose('locationId', '中关村校区');
    fireEvent.mouseDown(field('roomId'));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/edu/tblRoom/list', expect.objectContaining({ locationId: 'loc_a', status: 1 })));
    await waitFor(() => expect(optionTexts()).toContain('201教室'));
    expect(optionTexts()).not.toContain('A教室');
    await act(async () => fireEvent.click(document.querySelector('.ant-select-item-option[title="201教室"]') as HTMLElement));
    await waitFor(() => expect(itemOf('roomId').querySelector('.ant-select-selection-item, .ant-select-content-value')?.textContent ?? itemOf('roomId').textContent).toContain('201教室'));

    // Another venue: the old room is gone and the list is that venue's.
    await choose('locationId', '国贸教学点');
    await waitFor(() => expect(itemOf('roomId').textContent).not.toContain('201教室'));
    get.mockClear();
    fireEvent.mouseDown(field('roomId'));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/edu/tblRoom/list', expect.objectContaining({ locationId: 'loc_b' })));
    await waitFor(() => expect(optionTexts()).toContain('A教室'));
    expect(optionTexts()).not.toContain('201教室');
  });
});
