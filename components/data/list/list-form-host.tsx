'use client';

import { useMemo, useState, type ReactNode } from 'react';
import type { EditorProps } from '@/components/fields/field-registry';
import type { ResourceDef } from '@/lib/resources/types';
import { FormModal, type FormMode, type FormModalProps } from './form-modal';
import { ImportModal } from './import-modal';
import type { ListPage, Row } from './use-list-page';

export interface ImportOptions {
  isSingleTableImport?: string;
  foreignKeys?: string;
  /** Adds the preview step (ImportModal). */
  previewUrl?: string;
  /** Adds the template link (ImportModal). */
  templateUrl?: string;
}

/** Which of a list's dialogs is open: the 新增 / 编辑 / 详情 form (with its record) and the import. */
export function useListForms<R extends object>() {
  const [form, setForm] = useState<{ open: boolean; mode: FormMode; record: R | null }>({ open: false, mode: 'add', record: null });
  const [importOpen, setImportOpen] = useState(false);
  return {
    form,
    importOpen,
    openForm: (mode: FormMode, record: R | null = null) => setForm({ open: true, mode, record }),
    closeForm: () => setForm((f) => ({ ...f, open: false })),
    openImport: () => setImportOpen(true),
    closeImport: () => setImportOpen(false),
  };
}

export type ListForms<R extends Row> = ReturnType<typeof useListForms<R>>;

export interface ListFormHostProps<R extends Row> {
  forms: ListForms<R>;
  def: ResourceDef;
  page: Pick<ListPage<R>, 'urls' | 'reload'>;
  editors?: Record<string, (props: EditorProps) => ReactNode>;
  formWidth?: number;
  importOptions?: ImportOptions;
  /** Replaces the 新增 / 编辑 / 详情 modal (same props): a form that FormModal cannot say (online forms' child tables). */
  renderForm?: (props: FormModalProps<R>) => ReactNode;
}

/** The list's form and import dialogs; both reload the list after a save. */
export function ListFormHost<R extends Row>({ forms, def, page, editors, formWidth, importOptions, renderForm }: ListFormHostProps<R>) {
  const { form } = forms;
  // An import can update rows matched on these (新增或更新); the server matches on the same unique fields.
  const matchLabels = useMemo(() => def.fields.filter((f) => f.unique && !f.virtual).map((f) => f.label), [def]);
  return (
    <>
      {(renderForm ?? ((p: FormModalProps<R>) => <FormModal<R> {...p} />))({
        def,
        open: form.open,
        mode: form.mode,
        record: form.record,
        urls: page.urls,
        width: formWidth,
        editors,
        onClose: forms.closeForm,
        onSaved: () => void page.reload(),
      })}
      <ImportModal open={forms.importOpen} url={page.urls.importExcelUrl} matchLabels={matchLabels} {...importOptions} onClose={forms.closeImport} onImported={() => void page.reload()} />
    </>
  );
}
