/**
 * The permission catalogue (issue #19): every button code the product knows, spelled once. The seeds
 * (server/seed/), the backend's guards (`requirePerm`), the resource definitions (`perm` prefixes) and the
 * screens import it. A code is its wire form (sys_permission.perms, contract §3): renaming one needs a
 * migration of the stored rows. The rule that grants a code is ./rule.ts.
 *
 * Data only and no imports, so the embedded backend can import it outside Next's resolver.
 */

type Codes<P extends string, A extends string> = { readonly prefix: P } & { readonly [K in A]: `${P}:${K}` };

/** One area's codes: `prefix` (a resource definition's `perm`) and `${prefix}:${action}` per action. */
function area<const P extends string, const A extends string>(prefix: P, actions: readonly A[]): Codes<P, A> {
  const out: Record<string, string> = { prefix };
  for (const a of actions) out[a] = `${prefix}:${a}`;
  return Object.freeze(out) as Codes<P, A>;
}

/** The resource engine's actions (server/resources/crud.ts: `list` also covers queryById). */
const CRUD = ['list', 'add', 'edit', 'delete', 'deleteBatch'] as const;

export const PERMS = Object.freeze({
  /* 系统管理 */
  /** `recycleBin` lists deleted users, `putRecycleBin` restores and `deleteRecycleBin` purges them; `changePassword` is an administrator's 重置密码 of another user. */
  user: area('system:user', [...CRUD, 'exportXls', 'importExcel', 'frozen', 'recycleBin', 'putRecycleBin', 'deleteRecycleBin', 'changePassword']),
  /** `permission` is 角色授权 (the role's menus and buttons); `edit` also covers the role's users. */
  role: area('system:role', [...CRUD, 'exportXls', 'permission']),
  depart: area('system:depart', CRUD),
  dict: area('system:dict', [...CRUD, 'exportXls', 'importExcel']),
  dictItem: area('system:dictItem', CRUD),
  category: area('system:category', ['add', 'edit', 'delete']),
  /** 菜单管理; `rule` is its 数据规则. */
  permission: area('system:permission', ['list', 'add', 'edit', 'delete', 'rule']),
  tableColumn: area('system:tableColumn', CRUD),
  online: area('system:online', ['list', 'forceLogout']),
  log: area('system:log', ['list']),
  /** 通告管理 (JeecgBoot's spelling, kept on the wire). */
  announcement: area('system:annountCement', ['list', 'add', 'edit', 'delete', 'release', 'revoke']),
  /** 消息记录 (`list`) and 发送消息 (`send`). */
  message: area('system:message', ['list', 'send']),
  messageTemplate: area('system:messageTemplate', CRUD),
  tenant: area('system:tenant', [...CRUD]),
  /** 职务 (issue #24): CRUD, export, import. */
  position: area('system:position', [...CRUD, 'exportXls', 'importExcel']),
  /** 通讯录: `phone` shows full phone numbers (else masked). */
  addressBook: area('system:addressBook', ['list', 'exportXls', 'phone']),
  /** 编码校验规则 (checkByCode itself needs only a session). */
  checkRule: area('system:checkRule', CRUD),
  /** 填值规则 (executeRuleByCode itself needs only a session: forms number their records through it). */
  fillRule: area('system:fillRule', CRUD),
  /** 操作日志 (sys_log log_type 2). */
  opLog: area('system:opLog', ['list', 'exportXls']),
  /** 数据日志: versions of business records and their differences. */
  dataLog: area('system:dataLog', ['list']),
  /** 文件管理: every stored upload. */
  ossFile: area('system:ossFile', ['list', 'upload', 'delete']),
  quartz: area('quartz:job', [...CRUD, 'pause', 'resume', 'execute']),
  /** 系统监控 (磁盘, HTTP 请求追踪, 进程, 数据库, 系统, 服务): reading every tab. */
  monitor: area('system:monitor', ['list']),
  /** 网关路由 (the BFF's extra upstream routes); `edit` also covers 刷新缓存 (clearRedis). */
  gateway: area('system:gateway', ['list', 'add', 'edit', 'delete']),
  /** 仪表盘 (issue #26): 分析页's school-wide figures. */
  dashboard: area('dashboard', ['analysis']),
  /** 学员作品 (issue #26 item 4): `viewAll` sees every work of the school, not only the shared ones and one's own. */
  studentWork: area('edu:studentWork', [...CRUD, 'viewAll']),
  /** 招生简章 (issue #26 item 5): `publish` makes (or withdraws) the public link, `exportPdf` the PDF. */
  prospectus: area('edu:prospectus', [...CRUD, 'publish', 'exportPdf']),
  /* 在线开发 (issue #25) */
  /** Online表单开发: the designer; `sync` is 同步数据库, `menu` 添加到菜单, `enhance` JS增强. */
  cgform: area('online:cgform', ['list', 'add', 'edit', 'delete', 'sync', 'menu', 'enhance']),
  /** Online报表配置: the designer; `menu` 添加到菜单. */
  cgreport: area('online:cgreport', ['list', 'add', 'edit', 'delete', 'menu']),
  /** 多数据源管理; `test` is 测试连接. */
  dataSource: area('system:datasource', ['list', 'add', 'edit', 'delete', 'test']),

  /* 教育 */
  location: area('edu:location', [...CRUD, 'exportXls']),
  /** 选择教师: the teacher list of the venue form (`/clazz/tblTeachScheduleTeacher/teacherList`). */
  teacherPicker: area('clazz:teacher', ['list']),
  teacher: area('edu:teacher', [...CRUD, 'exportXls', 'transfer']),
  /** `phone`: 学员's full phone numbers (手机, 监护人电话); without it the server masks them (138****0001). */
  student: area('edu:student', [...CRUD, 'exportXls', 'importExcel', 'phone']),
  course: area('course:course', [...CRUD, 'exportXls']),
  clazz: area('clazz:clazz', [...CRUD, 'exportXls']),
  /** 班级分组 (reading groups needs clazz:clazz:list). */
  clazzGroup: area('clazz:group', ['edit']),
  room: area('edu:room', CRUD),
  material: area('edu:material', [...CRUD, 'exportXls']),
  holiday: area('calendar:holiday', CRUD),
  schedule: area('calendar:schedule', ['list', 'exportXls']),
  /* 课程 and 学习工具 (issue #22) */
  /** 课程分类: the type tree (reading it needs only course:course:list). */
  courseType: area('course:type', ['add', 'edit', 'delete']),
  /** 章节 of a course (reading them needs only course:course:list). */
  chapter: area('course:chapter', ['add', 'edit', 'delete']),
  /** 教学模板; `apply` fills a class's sessions from a template. */
  template: area('course:template', [...CRUD, 'exportXls', 'apply']),
  /** 练习册; `rename` alone lets a teacher fix a name without editing the items. */
  workbook: area('learn:workbook', [...CRUD, 'rename']),
  /** 作业: assign (add), 学员作业 (list), record submissions and grade (`grade`). */
  homework: area('learn:homework', [...CRUD, 'exportXls', 'grade']),

  /* 招生 and 教务运营 (issue #23) */
  /**
   * 线索: `toPool` covers toPool/toPoolBatch; `follow` adds 跟进记录; `convert` makes a lead a 学员 with a 课时包;
   * `trial` books a 试听; `all` reads every owner's leads (else one's own; the marketing flag reads all too).
   * Editing or moving a lead needs, besides the code, to own it or the marketing flag (domain §0).
   */
  lead: area('crm:lead', [...CRUD, 'exportXls', 'importExcel', 'toPool', 'topping', 'updateTags', 'addBatchTask', 'follow', 'convert', 'trial', 'all']),
  /** 线索池: `claim` (领取), `assign` (分配, a manager's), `config` (the pool's settings). */
  leadPool: area('crm:pool', ['list', 'claim', 'assign', 'config']),
  /** 协商任务: `list` reads one's own tasks; `all` everyone's. */
  task: area('crm:task', [...CRUD, 'all']),
  /** 员工管理: staff are users; `edit` sets 岗位, 校区 and 在职/离职. */
  staff: area('edu:staff', ['list', 'edit', 'exportXls']),
  /** 物品管理; `stock` records 入库/销售/退货/盘点调整. */
  goods: area('edu:goods', [...CRUD, 'exportXls', 'stock']),
  /** 工作交接: `list` the past handovers, `add` runs one. */
  handover: area('edu:handover', ['list', 'add']),

  /* 行事历 */
  /**
   * `override`: save a clashing entry with a logged reason (rule R1's override). `all`: read every
   * teacher's sessions (行事历 / 课表 全部); without it a user reads only the sessions they teach.
   */
  calendar: area('calendar:entry', ['list', 'add', 'edit', 'cancel', 'override', 'all']),
  series: area('calendar:series', ['add']),
  attendance: area('calendar:attendance', ['check', 'revoke', 'makeup']),
  /** 请假/调课 applications and their audit (审核). */
  apply: area('calendar:apply', ['list', 'add', 'audit', 'withdraw']),
  /** 直播课堂: the live list, and setting a session's live link. */
  live: area('calendar:live', ['list', 'edit']),
  /** Inner-class (scope 1) screens; without it scope-1 rows stay out of every calendar read. */
  inner: area('calendar:inner', ['list']),
});

/** Every code of the catalogue (for checks such as "every seeded code is catalogued"). */
export const ALL_PERMISSION_CODES: readonly string[] = Object.freeze(
  Object.values(PERMS).flatMap((group) => Object.entries(group).filter(([k]) => k !== 'prefix').map(([, code]) => code as string)),
);

/**
 * The codes of one designer-made online form (`/online/cgformList/{code}`) or report (`/online/cgreport/{code}`):
 * made when the form or report is added to the menu (button rows under its menu row), so they are not in
 * ALL_PERMISSION_CODES. `code` is the form's table name / the report's code, both plain identifiers.
 */
export const onlineFormCodes = (code: string) => area(`online:form:${code}`, [...CRUD, 'exportXls', 'importExcel']);
export const onlineReportCodes = (code: string) => area(`online:report:${code}`, ['list', 'exportXls']);
