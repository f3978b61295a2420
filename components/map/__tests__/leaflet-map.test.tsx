import { act, render } from '@testing-library/react';
import LeafletMap from '../leaflet-map';
import { MAP_ZOOM } from '../map-point';

// A blank local tile template: no network in tests.
const TILES = '/tiles/{z}/{x}/{y}.png';

/** Leaflet turns a click's pixel position into a latitude/longitude from the container's size. */
function clickAt(container: HTMLElement, x: number, y: number) {
  const map = container.querySelector('.leaflet-container') as HTMLElement;
  act(() => {
    map.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
  });
}

describe('LeafletMap', () => {
  beforeAll(() => {
    // jsdom lays nothing out: give the map a size so leaflet can convert pixels to coordinates.
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 300 });
  });

  it('opens at zoom 13 on the point, with a marker', () => {
    const { container } = render(<LeafletMap tileUrl={TILES} attribution="OSM" point={{ longitude: 113.9345, latitude: 22.5405 }} onPick={jest.fn()} height={300} />);
    expect(container.querySelector('.leaflet-container')).not.toBeNull();
    expect(container.querySelectorAll('.jw-map-pin')).toHaveLength(1);
    const tile = container.querySelector('.leaflet-tile-pane img') as HTMLImageElement;
    expect(tile.getAttribute('src')).toMatch(new RegExp(`^/tiles/${MAP_ZOOM}/`));
  });

  it('a click reports the clicked position (six decimals) to set the marker and longitude/latitude', () => {
    const onPick = jest.fn();
    const { container } = render(<LeafletMap tileUrl={TILES} attribution="" point={null} onPick={onPick} height={300} />);
    expect(container.querySelectorAll('.jw-map-pin')).toHaveLength(0);
    clickAt(container, 200, 150);
    expect(onPick).toHaveBeenCalledTimes(1);
    const p = onPick.mock.calls[0][0] as { longitude: number; latitude: number };
    // The centre pixel of a map opened on the default centre.
    expect(p.longitude).toBeCloseTo(116.3975, 3);
    expect(p.latitude).toBeCloseTo(39.9087, 3);
    expect(String(p.longitude).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(6);
  });
});
