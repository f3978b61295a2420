/** Teaching resources (being written). */
export function registerTeachingResources(): void {}
