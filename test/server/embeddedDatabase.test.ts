import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/service/hosted/database';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';

// The tests' embedded databases are copies of one template (test/helpers/embeddedDatabase.ts): each must
// open as initdb leaves a folder, whatever a test before it wrote to its own.
describe('a test’s new embedded database', () => {
  it('opens empty of the schema, and what one test writes is in no later one’s', async () => {
    const first = newEmbeddedDatabase('lux-embedded-');
    const db = await openDatabase(first);
    try {
      expect(await db.query(`SELECT to_regclass('lux_schema') AS t`)).toEqual([{ t: null }]);
      await db.query('CREATE TABLE lux_schema (version int)');
    } finally {
      await db.close();
    }
    const second = newEmbeddedDatabase('lux-embedded-');
    expect(second).not.toBe(first);
    const again = await openDatabase(second);
    try {
      expect(await again.query(`SELECT to_regclass('lux_schema') AS t`)).toEqual([{ t: null }]);
      expect(await again.query('SELECT current_database() AS d')).toEqual([{ d: 'postgres' }]);
    } finally {
      await again.close();
    }
  }, 60_000);
});
