'use client';

import { useState } from 'react';
import type { DepartInfo, LoginUserInfo } from '@/lib/login-state';
import { call, messageOf } from './api';
import s from './login.module.css';

interface DepartDialogProps {
  departs: DepartInfo[];
  /** The signed-in user (spec 01 §7: the call sends orgCode and username; the server trusts only the session). */
  username: string;
  onSelected: (userInfo: LoginUserInfo) => void;
}

/**
 * 部门选择 after signing in with several departments (spec 01 §2, §4): POST /sys/selectDepart {orgCode, username}, then hand back
 * the new user info. Mandatory: no close button, no cancel, no Escape. A small dialog of its own, so the
 * login page loads no antd (issue #28); the header's 部门切换 keeps antd's (components/shell/depart-select-modal).
 */
export function DepartDialog({ departs, username, onSelected }: DepartDialogProps) {
  const [orgCode, setOrgCode] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const confirm = async () => {
    if (!orgCode) return setProblem('请选择部门');
    setProblem(null);
    setSaving(true);
    try {
      const res = await call<{ userInfo: LoginUserInfo }>('POST', '/sys/selectDepart', { orgCode, username });
      onSelected(res.result.userInfo);
    } catch (e) {
      setProblem(messageOf(e, '部门选择失败'));
      setSaving(false);
    }
  };

  return (
    <div className={s.mask}>
      <div className={`${s.root} ${s.dialog}`} role="dialog" aria-modal="true" aria-labelledby="depart-dialog-title">
        <h2 id="depart-dialog-title">部门选择</h2>
        <div className={s.radios} role="radiogroup">
          {departs.map((d) => (
            <label key={d.orgCode}>
              <input type="radio" name="orgCode" value={d.orgCode} checked={orgCode === d.orgCode} onChange={() => setOrgCode(d.orgCode)} />
              {d.departName}
            </label>
          ))}
        </div>
        {problem && <div className={s.explain}>{problem}</div>}
        <div className={s.footer}>
          <button type="button" className={`${s.button} ${s.primary} ${saving ? s.loading : ''}`} onClick={confirm} data-testid="depart-confirm">
            {saving && <span className={s.spinner} aria-hidden="true" />}
            确认
          </button>
        </div>
      </div>
    </div>
  );
}
