import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ScreenRoute, useScreenRoute } from '../screen-route';

let pathname = '/isystem/user';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

/**
 * Issue #21: a screen that finished loading after the user had clicked on read the next page's path, and
 * its list state landed under that page's key (课表 then replayed 用户管理's sort). The shell's key wins.
 */
describe('useScreenRoute', () => {
  beforeEach(() => {
    pathname = '/isystem/user';
  });

  it("is the shell's page key, whatever the address bar says when the screen first renders", () => {
    pathname = '/edu/schedule';
    const wrapper = ({ children }: { children: ReactNode }) => <ScreenRoute route="/isystem/user">{children}</ScreenRoute>;
    const { result } = renderHook(() => useScreenRoute('sysUser'), { wrapper });
    expect(result.current).toBe('/isystem/user');
  });

  it('outside the shell: the path at first render, kept when the path changes later', () => {
    const { result, rerender } = renderHook(() => useScreenRoute('sysUser'));
    expect(result.current).toBe('/isystem/user');
    act(() => {
      pathname = '/edu/schedule';
    });
    rerender();
    expect(result.current).toBe('/isystem/user');
  });
});
