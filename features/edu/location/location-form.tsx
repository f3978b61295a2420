'use client';

import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { App, Button, Flex, Form, Input, InputNumber, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { fieldRules } from '@/components/data/list/form-rules';
import { useApiError } from '@/components/feedback/use-api-error';
import type { GeocodePlace } from '@/components/map/map-api';
import { LocationMap } from '@/components/map/location-map';
import { pointOf, type MapPoint } from '@/components/map/map-point';
import { AreaLinkage } from '@/components/pickers/area-linkage';
import { loadRegionIndex, useRegionIndex } from '@/components/pickers/use-regions';
import { http } from '@/lib/http';
import { saveOptions } from '@/lib/resources/row-version';
import { LOCATION_API, locationResource } from './location-resource';
import { detailError, maxMemberError, nameError, phoneError, regionError, regionPathFromNames, toFormValues, toLocationPayload, type LocationFormValues, type LocationRecord } from './location-rules';
import { TeacherSelect } from './teacher-select';

export const LOCATION_ADD_URL = `${LOCATION_API}/add`;
export const LOCATION_EDIT_URL = `${LOCATION_API}/edit`;
export const LOCATION_QUERY_URL = `${LOCATION_API}/queryById`;
/** Spec 01 §4: the form's loading state ends 1 s after a submit. */
export const SUBMIT_LOADING_MS = 1000;

/** What a modal (or a workflow page) calls to submit the form. */
export interface LocationFormHandle {
  submit: () => Promise<void>;
}

export interface LocationFormProps {
  /** The venue to edit (with id → PUT edit); absent or without id → POST add. */
  record?: LocationRecord | null;
  /** Workflow use: load the venue by id (queryById) instead of receiving it. */
  dataId?: string | null;
  /** Spec 01 §2: the form's own submit button is shown only in workflow mode. */
  workflow?: boolean;
  disabled?: boolean;
  /** Emitted after a successful save (spec 01 §4 "emits close"). */
  onClose?: () => void;
  /** After a successful save, with the saved venue (the list reloads here). */
  onSaved?: (saved: LocationRecord | null) => void;
  /** Mirrors the loading state (a modal's OK button spins with it). */
  onLoadingChange?: (loading: boolean) => void;
  ref?: Ref<LocationFormHandle>;
}

const fieldOf = (name: string) => {
  const f = locationResource.fields.find((x) => x.name === name);
  if (!f) throw new Error(`tbl_location has no field ${name}`);
  return f;
};
const labelOf = (name: string) => fieldOf(name).label;
/** Optional text fields keep the definition's length rule (the server checks the same). */
const defRules = (name: string): Rule[] => fieldRules({ ...fieldOf(name), required: false, pattern: undefined });
const check = (message: (v: unknown) => string | null): Rule => ({
  validator: async (_rule, value) => {
    const m = message(value);
    if (m) throw new Error(m);
  },
});

/** The province / city cascader as the form's [province, city?] path. */
function RegionField({ value, onChange, id, disabled }: { value?: string[] | null; onChange?: (path: string[]) => void; id?: string; disabled?: boolean }) {
  const deepest = value && value.length ? value[value.length - 1] : null;
  return <AreaLinkage id={id} level={2} value={deepest} disabled={disabled} onChange={(_code, path) => onChange?.(path)} style={{ width: '100%' }} placeholder="请选择省 / 市" />;
}

/** The map as a form control over longitude + latitude (kept in two hidden fields). */
function MapField({ disabled, onPlace }: { disabled?: boolean; onPlace: (place: GeocodePlace) => void | Promise<void> }) {
  const form = Form.useFormInstance<LocationFormValues>();
  const longitude = Form.useWatch('longitude', form);
  const latitude = Form.useWatch('latitude', form);
  const set = (p: MapPoint | null) => form.setFieldsValue({ longitude: p?.longitude ?? null, latitude: p?.latitude ?? null });
  return <LocationMap value={pointOf(longitude, latitude)} onChange={set} onPlace={(p) => void onPlace(p)} disabled={disabled} />;
}

/**
 * 场地 form (spec 01 §2, §4, §5): 场地名称 (issue #21: what pickers and the calendar show), map with address search, region (province → city), detailed address,
 * capacity, person in charge, cost, hotel contact, phone, remark. With an id it edits (PUT), without it
 * adds (POST); an empty city becomes the province; success:false shows the message as a warning.
 */
export function LocationForm({ record, dataId, workflow = false, disabled = false, onClose, onSaved, onLoadingChange, ref }: LocationFormProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<LocationFormValues>();
  const regions = useRegionIndex();
  const [loading, setLoadingState] = useState(false);
  const [loaded, setLoaded] = useState<LocationRecord | null>(record ?? null);
  const [fetching, setFetching] = useState(!record && !!dataId);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = record ?? loaded;

  const setLoading = (v: boolean) => {
    setLoadingState(v);
    onLoadingChange?.(v);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  // Workflow: the venue is named by id only.
  useEffect(() => {
    if (record || !dataId) return;
    let live = true;
    http
      .get<LocationRecord>(LOCATION_QUERY_URL, { id: dataId })
      .then((r) => {
        // The form mounts after this load, with the venue as its initial values.
        if (live) setLoaded(r.result);
      })
      .catch((e: unknown) => live && showError(e))
      .finally(() => live && setFetching(false));
    return () => {
      live = false;
    };
  }, [record, dataId, showError]);

  const submit = async () => {
    if (loading || disabled) return;
    let values: LocationFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows each field's message
    }
    setLoading(true);
    const body = toLocationPayload(values, current);
    try {
      // The version the venue was read at (If-Match, issue #39): refused when it changed since.
      const res = current?.id ? await http.put<LocationRecord>(LOCATION_EDIT_URL, body, ...saveOptions(current)) : await http.post<LocationRecord>(LOCATION_ADD_URL, body);
      message.success(res.message || '操作成功');
      onSaved?.(res.result ?? null);
      onClose?.();
    } catch (e) {
      // success:false arrives as an ApiError with HTTP 200: useApiError shows it as a warning (spec 01 §8).
      showError(e);
    } finally {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setLoading(false), SUBMIT_LOADING_MS);
    }
  };

  useImperativeHandle(ref, () => ({ submit }));

  /** A chosen search hit fills the region and the detailed address (the map sets the coordinates). */
  const onPlace = async (place: GeocodePlace) => {
    // The region data loads lazily; a place may be chosen before it is there.
    const index = regions.data ?? (await loadRegionIndex().catch(() => undefined));
    const path = index ? regionPathFromNames(index, place.province, place.city) : [];
    const fields: { name: keyof LocationFormValues; value: unknown; errors: string[] }[] = [];
    if (path.length) fields.push({ name: 'region', value: path, errors: [] });
    const detail = place.address || place.label;
    if (detail) fields.push({ name: 'detailLocation', value: detail.slice(0, fieldOf('detailLocation').maxLength ?? 200), errors: [] });
    form.setFields(fields);
  };

  if (fetching) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }

  return (
    <Spin spinning={loading}>
      <Form<LocationFormValues>
        form={form}
        name="tblLocation_form"
        layout="horizontal"
        labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}
        initialValues={toFormValues(current)}
        disabled={disabled}
        data-testid="location-form"
      >
        <Form.Item name="name" label={labelOf('name')} required rules={[check(nameError), ...defRules('name')]}>
          <Input placeholder="请输入场地名称" maxLength={fieldOf('name').maxLength} data-testid="location-form-name" />
        </Form.Item>
        <Form.Item label="导航地址">
          <MapField disabled={disabled} onPlace={onPlace} />
        </Form.Item>
        <Form.Item name="longitude" hidden>
          <InputNumber />
        </Form.Item>
        <Form.Item name="latitude" hidden>
          <InputNumber />
        </Form.Item>
        <Form.Item name="region" label="地区" required rules={[check((v) => regionError(v as string[] | null))]}>
          <RegionField />
        </Form.Item>
        <Form.Item name="detailLocation" label={labelOf('detailLocation')} required rules={[check(detailError), ...defRules('detailLocation')]}>
          <Input placeholder="请输入详细地址" maxLength={fieldOf('detailLocation').maxLength} />
        </Form.Item>
        <Form.Item name="maxMember" label={labelOf('maxMember')} required rules={[check(maxMemberError)]}>
          <InputNumber placeholder="请输入最多容纳人数" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="inCharge" label={labelOf('inCharge')}>
          <TeacherSelect initialLabel={typeof current?.inCharge_dictText === 'string' ? current.inCharge_dictText : null} />
        </Form.Item>
        <Form.Item name="hotelExpenses" label={labelOf('hotelExpenses')} rules={defRules('hotelExpenses')}>
          <Input.TextArea rows={3} placeholder="请输入费用信息" />
        </Form.Item>
        <Form.Item name="hotelContact" label={labelOf('hotelContact')} rules={defRules('hotelContact')}>
          <Input placeholder="请输入酒店联系人" />
        </Form.Item>
        <Form.Item name="phone" label={labelOf('phone')} rules={[check(phoneError), ...defRules('phone')]}>
          <Input placeholder="请输入联系电话" />
        </Form.Item>
        <Form.Item name="remark" label={labelOf('remark')} rules={defRules('remark')}>
          <Input.TextArea rows={3} placeholder="请输入备注" />
        </Form.Item>
        {workflow ? (
          <Flex justify="center">
            <Button type="primary" loading={loading} disabled={disabled} onClick={() => void submit()} data-testid="location-form-submit">
              提 交
            </Button>
          </Flex>
        ) : null}
      </Form>
    </Spin>
  );
}
