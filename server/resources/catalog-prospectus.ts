/** 招生简章's resources (issue #26 item 5). */
export function registerProspectusResources(): void {}
