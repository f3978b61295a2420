/** 学员作品's resources (issue #26 item 4). */
export function registerWorkResources(): void {}
