import type { Database } from '../db';

/** Demo teaching term (being written). */
export async function seedTerm(db: Database): Promise<void> {
  void db;
}
