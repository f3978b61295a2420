/**
 * The style of the widgets' native file inputs. The `hidden` attribute alone is not enough inside a
 * Form: antd's form reset gives `input[type=file]` display:block, which beats it, and the browser's own
 * "Choose File / No file chosen" showed beside 上传文件 (issue #21).
 */
export const HIDDEN_INPUT = { display: 'none' } as const;
