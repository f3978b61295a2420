import { act, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import { KeptPage } from '../kept-page';

/** A kept page's swr hooks revalidate when the shell says it was shown again after writes elsewhere. */

function Options({ fetcher }: { fetcher: () => Promise<string[]> }) {
  const { data } = useSWR('/calendar/tblCalendar/options', fetcher, { revalidateOnFocus: false });
  return <div data-testid="options">{(data ?? []).join(',')}</div>;
}

const cache = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

describe('KeptPage', () => {
  it('revalidates its hooks when reshown grows, not on other renders', async () => {
    const fetcher = jest.fn().mockResolvedValueOnce(['一班']).mockResolvedValueOnce(['一班', '新建班']);
    const { rerender } = render(
      <KeptPage reshown={0}>
        <Options fetcher={fetcher} />
      </KeptPage>,
      { wrapper: cache },
    );
    expect((await screen.findByText('一班')).textContent).toBe('一班');
    rerender(
      <KeptPage reshown={0}>
        <Options fetcher={fetcher} />
      </KeptPage>,
    );
    await act(async () => undefined);
    expect(fetcher).toHaveBeenCalledTimes(1);
    rerender(
      <KeptPage reshown={1}>
        <Options fetcher={fetcher} />
      </KeptPage>,
    );
    expect((await screen.findByText('一班,新建班')).textContent).toBe('一班,新建班');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
