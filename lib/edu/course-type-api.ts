/**
 * 课程分类 and 章节 (issue #22): the urls, node shape, limits and messages shared by the screens and the
 * embedded backend (server/edu/course-types.ts, chapters.ts, server/edu/course-type-routes.ts).
 * Data only: the backend imports it.
 */

/** One node of a tree answer: usable as antd Tree / TreeSelect data as it is. Leaves carry no `children`. */
export interface TreeNodeWire {
  id: string;
  key: string;
  value: string;
  title: string;
  parentId: string | null;
  sort: number;
  isLeaf: boolean;
  children?: TreeNodeWire[];
}

export const COURSE_TYPE_API = '/course/courseType';
export const CHAPTER_API = '/course/chapter';

/** The endpoints of one editable tree (both trees answer the same shapes). */
export interface TreeUrls {
  tree: string;
  add: string;
  edit: string;
  delete: string;
  move: string;
}

const urlsOf = (base: string): TreeUrls => ({ tree: `${base}/tree`, add: `${base}/add`, edit: `${base}/edit`, delete: `${base}/delete`, move: `${base}/move` });
export const COURSE_TYPE_URLS = urlsOf(COURSE_TYPE_API);
export const CHAPTER_URLS = urlsOf(CHAPTER_API);

/** The course list's filter by type, its descendants included (read by the course hooks on the server). */
export const COURSE_TYPE_FILTER_PARAM = 'typeTree';

export const TREE_LIMITS = {
  /** Live nodes of one tree (all types; one course's chapters): a guard, far above real use. */
  maxNodes: 500,
  typeName: 50,
  chapterTitle: 100,
} as const;

/** What a tree calls its nodes in messages. */
export type TreeLabel = '分类' | '章节';

export const treeMessages = (label: TreeLabel) => {
  const max = label === '分类' ? TREE_LIMITS.typeName : TREE_LIMITS.chapterTitle;
  return {
    nameRequired: `请输入${label}名称`,
    nameTooLong: `${label}名称不能超过${max}个字符`,
    duplicate: (name: string) => `同一级下已有名为“${name}”的${label}`,
    notFound: `${label}不存在，请刷新后重试`,
    parentNotFound: `上级${label}不存在，请刷新后重试`,
    intoItself: `不能把${label}移动到它自己或它的下级${label}之下`,
    hasChildren: `该${label}下有子${label}，不能删除`,
    tooMany: `${label}最多${TREE_LIMITS.maxNodes}个`,
  };
};

export const COURSE_TYPE_MESSAGES = {
  ...treeMessages('分类'),
  usedByCourses: (n: number) => `该分类下有${n}门课程，不能删除`,
  /** A course saved with a type that is gone. */
  unknownType: '所选课程分类不存在，请重新选择',
};

export const CHAPTER_MESSAGES = {
  ...treeMessages('章节'),
  courseNotFound: '课程不存在，请刷新后重试',
  /** 该章节被2个教学模板课次、1份课件使用，不能删除 (only the kinds that are in use are named). */
  inUse: (templateItems: number, materials: number) =>
    `该章节被${[templateItems ? `${templateItems}个教学模板课次` : '', materials ? `${materials}份课件` : ''].filter(Boolean).join('、')}使用，不能删除`,
};
