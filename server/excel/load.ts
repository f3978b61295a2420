import type * as ExcelJS from 'exceljs';

/**
 * exceljs, loaded on first use (not at start: it and its zip libraries are ~300 modules). Under Node's ESM loader
 * (`tsx server.ts`: dev, the e2e journeys, the container) a CommonJS package's exports sit on `default`; under Jest and
 * the esbuild bundle they are the namespace itself.
 */
export async function loadExcelJS(): Promise<typeof ExcelJS> {
  const mod = (await import('exceljs')) as typeof ExcelJS & { default?: typeof ExcelJS };
  return mod.stream ? mod : mod.default!;
}
