import { randomBytes } from 'node:crypto';
import type { Database } from '../db/index';
import { hashPassword } from '../auth/password';
import { linkId } from '../core/ids';
import { DEMO_PASSWORD, DEMO_USERS, DEPARTS, DICTS, PERMISSIONS, ROLES, TENANTS } from './seed-data';
import { seedCategories } from '../system/category';
import { linkTeacherAccounts } from '../edu/teachers';
import { fillAllPinyinKeys } from '../resources/pinyin-key';
import { seedAnnouncements } from './announcements';
import { seedLocations } from './locations';
import { seedRoleDataRules } from './role-rules';
import { seedRoleIndex } from './role-index';
import { seedTeachingPerms } from './teaching';
import { seedTerm, type TermSeedReport } from './term';
import { insertChunks } from './chunks';
import { seedCourseTypes } from './course-types';
import { seedCoursewareWorkbooks } from './courseware-workbooks';
import { seedTeachTemplates } from './teach-templates';
import { seedHomework } from './homework';
import { seedStaff } from './staff';
import { seedCrmDemo } from './crm-demo';
import { seedCrmOps } from './crm-ops';
import { seedOpDataLogs } from './op-data-logs';
import { seedFillRules } from './fill-rules';
import { seedOssFiles } from './oss-files';
import { seedPositions } from './positions';
import { seedOnlineReports } from './online-reports';
import { seedOnlineForms } from './online-forms';
import type { FileStorage } from '../storage/storage';
import { DEFAULT_TENANT_ID } from '../db/tenant-scope';
import { seedTenantDemo } from './tenants';
import { seedTenantAdminDemo } from './tenant-admin';
import { sql } from 'kysely';
import { migrationNames } from '../db/index';
import { seedFingerprint } from './fingerprint';

function logTerm(r: TermSeedReport | null) {
  if (r) console.log(`[seed] teaching term: ${r.sessions} sessions; ${r.refusedConflicts} attempted double bookings refused by the database`);
}

export interface SeedReport {
  /** Credentials to print, only when this run created them. */
  created: { username: string; password: string }[];
  demo: boolean;
}

/**
 * Idempotent: reference rows (departments, roles, menu, dictionaries) are inserted when missing and
 * never overwrite an administrator's later edits; users are only created on an empty user table.
 */
export async function seed(
  db: Database,
  opts: { demo: boolean; term?: boolean; storage?: FileStorage; /** Run every step even when the fingerprint matches (tests: "a start after an upgrade"). */ always?: boolean },
): Promise<SeedReport> {
  // The seed's code and options unchanged since its last complete run here: every row it would insert exists or was
  // removed on purpose by an administrator, so one select replaces its hundreds of statements (a start's ~2–5 s).
  const fingerprint = seedFingerprint({ demo: opts.demo, term: !!opts.term }, migrationNames());
  const stored = fingerprint ? await storedFingerprint(db) : null;
  if (fingerprint && stored === fingerprint && !opts.always) {
    // Not part of the skip: files put into DATA_DIR/upload by hand or by a restore are registered at every start.
    await seedOssFiles(db, { storage: opts.storage });
    return { created: [], demo: opts.demo };
  }
  const report = await seedAll(db, opts);
  // PGlite never runs autovacuum: without statistics every table looks empty to the planner, and the embedded
  // engine's cost check of designer reports (server/online/report-run.ts) would see a 4-way join as one row.
  await sql`analyze`.execute(db);
  if (fingerprint) {
    await sql`insert into sys_seed_state (id, fingerprint) values (1, ${fingerprint})
      on conflict (id) do update set fingerprint = excluded.fingerprint, seeded_at = now()`.execute(db);
  }
  return report;
}

async function storedFingerprint(db: Database): Promise<string | null> {
  const r = await sql<{ fingerprint: string }>`select fingerprint from sys_seed_state where id = 1`.execute(db);
  return r.rows[0]?.fingerprint ?? null;
}

async function seedAll(db: Database, { demo, term = false, storage }: { demo: boolean; term?: boolean; storage?: FileStorage }): Promise<SeedReport> {
  const report: SeedReport = { created: [], demo };
  await db.transaction().execute(async (tx) => {
    // Multi-row inserts (chunks.ts); each "only when new" rule below reads the ids the insert returned.
    await insertChunks([...TENANTS], (rows) => tx.insertInto('sys_tenant').values(rows).onConflict((oc) => oc.column('id').doNothing()).execute());
    await insertChunks(DEPARTS.map((d) => ({ ...d, status: '1', del_flag: '0' })), (rows) => tx.insertInto('sys_depart').values(rows).onConflict((oc) => oc.doNothing()).execute());
    const newRoles = new Set<string>();
    await insertChunks([...ROLES], async (rows) => {
      for (const r of await tx.insertInto('sys_role').values(rows).onConflict((oc) => oc.doNothing()).returning('id').execute()) newRoles.add(r.id);
    });
    // 首页配置 only with a role this run created (an administrator's later change or clearing survives restarts).
    await seedRoleIndex(tx, newRoles);
    const parents = new Set(PERMISSIONS.map((p) => p.parent_id).filter(Boolean));
    const newPerms = new Set<string>();
    await insertChunks(
      PERMISSIONS.map(({ roles: _roles, ...row }) => ({ parent_id: null, url: null, component: null, perms: null, perms_type: '1', icon: null, is_leaf: !parents.has(row.id), ...row })),
      async (rows) => {
        for (const r of await tx.insertInto('sys_permission').values(rows).onConflict((oc) => oc.column('id').doNothing()).returning('id').execute()) newPerms.add(r.id);
      },
    );
    // Roles are linked only when the row is new: an administrator's later unlinking survives restarts.
    const links = PERMISSIONS.filter((p) => newPerms.has(p.id)).flatMap((p) => p.roles.map((roleId) => ({ id: linkId(roleId, p.id), role_id: roleId, permission_id: p.id })));
    await insertChunks(links, (rows) => tx.insertInto('sys_role_permission').values(rows).onConflict((oc) => oc.doNothing()).execute());
    // One dictionary per id (the first, as the row-by-row seed had it).
    const dictIds = new Set<string>();
    const dicts = DICTS.map((d) => [`dict_${d.code}`.slice(0, 32), d] as const).filter(([id]) => !dictIds.has(id) && !!dictIds.add(id));
    const createdDicts = new Set<string>();
    await insertChunks(
      dicts.map(([id, d]) => ({ id, dict_code: d.code, dict_name: d.name })),
      async (rows) => {
        for (const r of await tx.insertInto('sys_dict').values(rows).onConflict((oc) => oc.doNothing()).returning('id').execute()) createdDicts.add(r.id);
      },
    );
    // Items only with a dictionary this run created: an administrator's later item edits and deletions
    // survive restarts, and a dictionary deleted and re-created under the same code does not break the seed.
    const items = dicts
      .filter(([id]) => createdDicts.has(id))
      .flatMap(([dictId, d]) => d.items.map(([value, text], i) => ({ id: linkId(dictId, value), dict_id: dictId, item_value: value, item_text: text, sort_order: i + 1 })));
    await insertChunks(items, (rows) => tx.insertInto('sys_dict_item').values(rows).onConflict((oc) => oc.doNothing()).execute());
  });

  await seedCategories(db);
  await seedAnnouncements(db, { demo });
  await seedLocations(db, { demo });
  await seedTeachingPerms(db);
  // After every menu row and role link exists: the rules hang on those links.
  await seedRoleDataRules(db);
  const anyUser = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  if (anyUser) {
    if (term) logTerm(await seedTerm(db));
    // After the term: its courses are filed under the demo types.
    await seedCourseTypes(db, { demo });
    if (demo) await seedCoursewareWorkbooks(db, { storage });
    // After the chapters and courseware it points at.
    await seedTeachTemplates(db, { demo });
  if (demo) await seedHomework(db);
    if (demo) await seedStaff(db);
    if (demo) await seedTenantDemo(db);
    if (demo) await seedTenantAdminDemo(db);
    if (demo) await seedCrmDemo(db);
    if (demo) await seedCrmOps(db);
    if (demo) await seedOpDataLogs(db);
    if (demo) await seedFillRules(db);
    if (demo) await seedPositions(db);
    if (demo) await seedOnlineReports(db);
    if (demo) await seedOnlineForms(db);
    await fillAllPinyinKeys(db);
    await seedOssFiles(db, { storage });
    return report;
  }

  const users = demo ? DEMO_USERS : DEMO_USERS.filter((u) => u.username === 'admin');
  const password = demo ? DEMO_PASSWORD : randomBytes(9).toString('base64url') + '7a';
  const hash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    for (const u of users) {
      await tx
        .insertInto('sys_user')
        .values({
          id: u.id, username: u.username, realname: u.realname, password_hash: hash, phone: u.phone, email: u.email, sex: u.sex, status: u.status,
          org_code: u.org_code, del_flag: 0, avatar: null, birthday: null, work_no: u.work_no, post: u.post ?? null, telephone: null,
          user_identity: u.is_admin ? 2 : 1, rel_tenant_ids: u.rel_tenant_ids ?? String(DEFAULT_TENANT_ID), is_admin: u.is_admin ?? 0, is_marketing: u.is_marketing ?? 0,
          account_end_time: new Date('2027-08-31T16:00:00Z'), create_by: 'system', update_by: null, update_time: null,
        })
        .execute();
      for (const dep of u.departs) await tx.insertInto('sys_user_depart').values({ id: linkId(u.id, dep), user_id: u.id, dep_id: dep }).execute();
      for (const role of u.roles) await tx.insertInto('sys_user_role').values({ id: linkId(u.id, role), user_id: u.id, role_id: role }).execute();
    }
  });
  report.created = users.filter((u) => u.status === 1).map((u) => ({ username: u.username, password }));
  // The term needs the demo users (teacher records link to them).
  if (term) logTerm(await seedTerm(db));
  // After the term (which links its own records): every demo teacher account is a teacher record too.
  await linkTeacherAccounts(db);
  await seedCourseTypes(db, { demo });
  if (demo) await seedCoursewareWorkbooks(db, { storage });
  await seedTeachTemplates(db, { demo });
  if (demo) await seedHomework(db);
  if (demo) await seedStaff(db);
  if (demo) await seedTenantDemo(db);
  if (demo) await seedTenantAdminDemo(db);
  if (demo) await seedCrmDemo(db);
  if (demo) await seedCrmOps(db);
  if (demo) await seedOpDataLogs(db);
  if (demo) await seedFillRules(db);
  if (demo) await seedPositions(db);
  if (demo) await seedOnlineReports(db);
  if (demo) await seedOnlineForms(db);
  // The seeds insert in bulk and by SQL without 拼音 sort keys; this also fills rows from before migration 0024.
  await fillAllPinyinKeys(db);
  await seedOssFiles(db, { storage });
  return report;
}
