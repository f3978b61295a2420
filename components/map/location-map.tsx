'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { AutoComplete, Flex, Input, Skeleton, Spin, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useLatestSearch } from '@/components/data/use-latest-search';
import { GEOCODE_MAX_QUERY, searchPlaces, useMapConfig, type GeocodePlace } from './map-api';
import { mapHint, toMapPoint, type MapPoint } from './map-point';

// Leaflet needs `window`: never rendered on the server (stack-notes gotcha 13).
const LeafletMap = dynamic(() => import('./leaflet-map'), { ssr: false, loading: () => <Skeleton.Node active style={{ width: '100%', height: 120 }} /> });

/** Address search waits this long after the last keystroke (a remote geocoder, not a local list). */
export const ADDRESS_SEARCH_DELAY_MS = 500;
const MIN_QUERY = 2;

export interface LocationMapProps {
  /** The venue's position. */
  value?: MapPoint | null;
  /** A click on the map, a chosen search hit, or 清除 (null). */
  onChange?: (point: MapPoint | null) => void;
  /** A chosen search hit, for the form to fill the region and the address from it. */
  onPlace?: (place: GeocodePlace) => void;
  height?: number;
  disabled?: boolean;
}

/**
 * The venue form's map (spec 01 §2): an address autocomplete box over the operator's geocoder, a
 * leaflet map at zoom 13 where a click sets the marker, and the chosen coordinates. Without a tile
 * service or a geocoder it is one line saying so (mapHint); the rest of the form works unchanged.
 */
export function LocationMap({ value, onChange, onPlace, height = 300, disabled }: LocationMapProps) {
  const { config } = useMapConfig();
  const pick = (p: MapPoint | null) => {
    if (!disabled) onChange?.(p);
  };
  if (!config) return <Skeleton.Node active style={{ width: '100%', height: 120 }} />;
  const services = { tiles: !!config.tileUrl, geocoder: config.geocoder };
  // Only what is configured is drawn; the line below says what is left to do (or that nothing is there).
  return (
    <Flex vertical gap={8} data-testid="location-map">
      {config.geocoder ? (
        <AddressSearch
          disabled={disabled}
          onPlace={(place) => {
            pick(toMapPoint(place.latitude, place.longitude));
            if (!disabled) onPlace?.(place);
          }}
        />
      ) : null}
      {config.tileUrl ? (
        <div data-testid="location-map-canvas">
          <LeafletMap tileUrl={config.tileUrl} attribution={config.attribution} point={value ?? null} onPick={pick} height={height} />
        </div>
      ) : null}
      <Typography.Text type="secondary" data-testid="location-map-point">
        {mapHint(services, value ?? null)}
        {value && !disabled ? (
          <Typography.Link style={{ marginLeft: 12 }} onClick={() => pick(null)} data-testid="location-map-clear">
            清除
          </Typography.Link>
        ) : null}
      </Typography.Text>
    </Flex>
  );
}

interface PlaceOption {
  key: string;
  value: string;
  label: string;
  place: GeocodePlace;
}

/** The autocomplete box: searches after a pause, only the latest answer counts, a failure is a warning. */
function AddressSearch({ disabled, onPlace }: { disabled?: boolean; onPlace: (place: GeocodePlace) => void }) {
  const [text, setText] = useState('');
  const [places, setPlaces] = useState<GeocodePlace[]>([]);
  const { search, loading } = useLatestSearch(searchPlaces, ADDRESS_SEARCH_DELAY_MS, setPlaces);
  const options: PlaceOption[] = places.map((p, i) => ({ key: String(i), value: p.label, label: p.label, place: p }));
  return (
    <AutoComplete<string, PlaceOption>
      value={text}
      options={options}
      disabled={disabled}
      style={{ width: '100%' }}
      onChange={(v) => setText(v ?? '')}
      showSearch={{
        // The geocoder already matched: its labels need not contain the typed text.
        filterOption: false,
        onSearch: (q) => {
          const t = q.trim();
          if (t.length >= MIN_QUERY && t.length <= GEOCODE_MAX_QUERY) search(t);
          else setPlaces([]);
        },
      }}
      onSelect={(_v, option) => onPlace(option.place)}
      notFoundContent={loading ? <Spin size="small" /> : null}
      data-testid="location-map-search"
    >
      <Input prefix={<EnvironmentOutlined />} maxLength={GEOCODE_MAX_QUERY} allowClear placeholder="输入地址搜索导航位置" />
    </AutoComplete>
  );
}
