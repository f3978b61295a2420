'use client';

import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { DEFAULT_CENTER, MAP_ZOOM, toMapPoint, type MapPoint } from './map-point';

/**
 * The browser-only leaflet map of the venue form. Loaded through next/dynamic with ssr:false from
 * location-map.tsx (leaflet touches `window` on import; stack-notes gotcha 13).
 */

// The default marker's PNGs 404 once bundled: a CSS-drawn pin needs no image files.
const PIN = L.divIcon({
  className: 'jw-map-pin',
  html: '<span style="display:block;width:18px;height:18px;border-radius:50% 50% 50% 0;background:#58B8A1;border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45);transform:rotate(-45deg)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});

export interface LeafletMapProps {
  tileUrl: string;
  /** Already sanitised by the server (leaflet renders it as HTML). */
  attribution: string;
  point: MapPoint | null;
  onPick: (point: MapPoint) => void;
  height: number;
}

/** A click on the map moves the marker there. */
function ClickToPick({ onPick }: { onPick: (point: MapPoint) => void }) {
  useMapEvents({
    click: (e) => {
      const p = toMapPoint(e.latlng.lat, e.latlng.lng);
      if (p) onPick(p);
    },
  });
  return null;
}

/** Keeps the marker in view when the point changes from outside (address search, another record). */
function FollowPoint({ point }: { point: MapPoint | null }) {
  const map = useMap();
  const lat = point?.latitude;
  const lng = point?.longitude;
  useEffect(() => {
    if (lat !== undefined && lng !== undefined && !map.getBounds().contains([lat, lng])) map.setView([lat, lng], map.getZoom());
  }, [map, lat, lng]);
  return null;
}

/** A map opened inside a modal measures itself before the modal has its size: re-measure on resize. */
function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    const timer = setTimeout(() => map.invalidateSize(), 250);
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    ro?.observe(el);
    return () => {
      clearTimeout(timer);
      ro?.disconnect();
    };
  }, [map]);
  return null;
}

export default function LeafletMap({ tileUrl, attribution, point, onPick, height }: LeafletMapProps) {
  const center = point ?? DEFAULT_CENTER;
  return (
    <MapContainer center={[center.latitude, center.longitude]} zoom={MAP_ZOOM} style={{ height, width: '100%' }}>
      <TileLayer url={tileUrl} attribution={attribution} />
      {point ? <Marker position={[point.latitude, point.longitude]} icon={PIN} /> : null}
      <ClickToPick onPick={onPick} />
      <FollowPoint point={point} />
      <SizeWatcher />
    </MapContainer>
  );
}
