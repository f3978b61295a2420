import type { ColumnType, Generated } from 'kysely';
import type { Audit } from './columns';

/** 课程资料 (0014-material): material_type 1 音频 2 视频 3 图片 4 文档; paths are storage paths. */
export interface TblCourseMaterialTable extends Audit {
  id: string;
  course_id: string;
  name: string;
  material_type: number;
  file_path: string;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  /** The uploaded file's own name (0022), for display and download; null on older rows. */
  file_name: string | null;
  cover_path: string | null;
  remark: string | null;
  /** 课件 (0023): the chapter; visibility 0 所有教师 1 本课程教师; downloads counted. */
  chapter_id: string | null;
  visibility: Generated<number>;
  download_count: Generated<number>;
  name_pinyin: string | null;
}

/** 课程分类 (0023-course-content): a tree. */
export interface TblCourseTypeTable extends Audit {
  id: string;
  parent_id: string | null;
  name: string;
  sort: Generated<number>;
}

/** 章节 of a course (0023): a tree under the course. */
export interface TblCourseChapterTable extends Audit {
  id: string;
  course_id: string;
  parent_id: string | null;
  title: string;
  sort: Generated<number>;
}

/** 教学模板 (0023): status 0 草稿 1 启用 2 停用. */
export interface TblTeachTemplateTable extends Audit {
  id: string;
  course_id: string;
  name: string;
  status: Generated<number>;
  remark: string | null;
  /** 0027-pinyin-content, as 0024. */
  name_pinyin: string | null;
}

/** One lesson of a template (0023); material_ids a comma list of tbl_course_material ids. */
export interface TblTeachTemplateItemTable {
  id: string;
  template_id: string;
  lesson_no: number;
  chapter_id: string | null;
  title: string;
  content: string | null;
  material_ids: string | null;
  homework_title: string | null;
  homework_content: string | null;
  workbook_id: string | null;
}

/** A session's materials (0023), linked when a template is applied or by hand. */
export interface TblCalendarMaterialTable {
  id: string;
  calendar_id: string;
  material_id: string;
  create_time: Generated<Date>;
  /** The template lesson that linked it (0026); null: linked by hand. */
  template_item_id: string | null;
}

/** 练习册 (0023): status 0 草稿 1 已发布 2 停用. */
export interface TblWorkbookTable extends Audit {
  id: string;
  name: string;
  course_id: string | null;
  grade: string | null;
  status: Generated<number>;
  remark: string | null;
  name_pinyin: string | null;
}

/** A workbook item (0023): type 1 单选 2 多选 3 判断 4 填空 5 主观; options a JSON array of strings. */
export interface TblWorkbookItemTable {
  id: string;
  workbook_id: string;
  type: number;
  stem: string;
  options: string | null;
  answer: string | null;
  analysis: string | null;
  score: ColumnType<string, string | number | undefined, string | number>;
  sort: Generated<number>;
}

/** 作业 (0023): source 0 自定义 1 练习册; assignee_mode 0 全班 1 指定学员; status 0 草稿 1 已发布 2 已截止. */
export interface TblHomeworkTable extends Audit {
  id: string;
  clazz_id: string;
  calendar_id: string | null;
  title: string;
  content: string | null;
  attachments: string | null;
  source: Generated<number>;
  workbook_id: string | null;
  due_time: Date | null;
  max_score: ColumnType<string, string | number | undefined, string | number>;
  assignee_mode: Generated<number>;
  status: Generated<number>;
  total: Generated<number>;
  read_count: Generated<number>;
  finish_count: Generated<number>;
  sys_org_code: string | null;
  title_pinyin: string | null;
}

/** A student's submission (0023): status 0 未提交 1 已提交 2 已批改 3 需订正; version guards grading. */
export interface TblHomeworkStudentTable {
  id: string;
  homework_id: string;
  student_id: string;
  status: Generated<number>;
  read_flag: Generated<number>;
  submitted_time: Date | null;
  late: Generated<number>;
  content: string | null;
  answers: string | null;
  attachments: string | null;
  score: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  comment: string | null;
  graded_by: string | null;
  graded_time: Date | null;
  version: Generated<number>;
  create_time: Generated<Date>;
  update_time: Date | null;
}

/** 0042-student-work: 学员作品 (file_kind image | video | pdf, set by the server from the stored file). */
export interface TblStudentWorkTable extends Audit {
  id: string;
  title: string;
  description: string | null;
  student_id: string;
  clazz_id: string | null;
  course_id: string | null;
  file: string;
  file_kind: string;
  file_name: string | null;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  shared: Generated<boolean>;
}
