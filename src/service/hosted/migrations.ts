import type { Database } from './database';

/**
 * The hosted schema, versioned: each migration runs once, in order, in one transaction, and its version is
 * recorded in `lux_schema`. Replicas starting together take an advisory lock first, so one of them migrates
 * and the others find the work done. A migration is never edited once released: a change is a new one.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'tokens and usage',
    sql: `
      CREATE TABLE lux_tokens (
        id serial PRIMARY KEY,
        name text NOT NULL,
        digest text NOT NULL UNIQUE,
        scopes text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      CREATE UNIQUE INDEX lux_tokens_live_name ON lux_tokens (name) WHERE revoked_at IS NULL;
      CREATE TABLE lux_usage (
        id bigserial PRIMARY KEY,
        token text NOT NULL,
        at timestamptz NOT NULL,
        route text NOT NULL,
        model_type text,
        status int NOT NULL,
        windows int NOT NULL DEFAULT 0,
        triangles bigint NOT NULL DEFAULT 0,
        compute_ms int NOT NULL DEFAULT 0,
        bytes_in bigint NOT NULL DEFAULT 0,
        bytes_out bigint NOT NULL DEFAULT 0
      );
      CREATE INDEX lux_usage_token_at ON lux_usage (token, at);`,
  },
  {
    version: 2,
    name: 'quotas and rate limits',
    sql: `
      ALTER TABLE lux_tokens ADD COLUMN rpm int, ADD COLUMN windows_per_day int,
        ADD COLUMN compute_s_per_month int, ADD COLUMN concurrent int;
      CREATE TABLE lux_rate (
        token text NOT NULL,
        minute timestamptz NOT NULL,
        count int NOT NULL,
        PRIMARY KEY (token, minute)
      );
      CREATE TABLE lux_usage_day (
        token text NOT NULL,
        day date NOT NULL,
        requests bigint NOT NULL DEFAULT 0,
        windows bigint NOT NULL DEFAULT 0,
        compute_ms bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (token, day)
      );
      INSERT INTO lux_usage_day (token, day, requests, windows, compute_ms)
        SELECT token, (at AT TIME ZONE 'UTC')::date, count(*), sum(windows), sum(compute_ms)
        FROM lux_usage GROUP BY 1, 2;
      CREATE TABLE lux_inflight (
        id text PRIMARY KEY,
        token text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX lux_inflight_token ON lux_inflight (token);`,
  },
  {
    version: 3,
    name: 'jobs',
    sql: `
      CREATE TABLE lux_jobs (
        id text PRIMARY KEY,
        token text NOT NULL,
        token_name text NOT NULL DEFAULT '',
        kind text NOT NULL,
        state text NOT NULL,
        total int NOT NULL,
        done int NOT NULL DEFAULT 0,
        failed int NOT NULL DEFAULT 0,
        mesh bytea,
        source jsonb,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX lux_jobs_token ON lux_jobs (token);
      CREATE TABLE lux_job_rooms (
        job_id text NOT NULL REFERENCES lux_jobs (id) ON DELETE CASCADE,
        idx int NOT NULL,
        request jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        answer jsonb,
        error text,
        attempts int NOT NULL DEFAULT 0,
        replica text,
        PRIMARY KEY (job_id, idx)
      );`,
  },
  {
    version: 4,
    name: 'a job’s shared weather',
    // A year of weather every climate room of a job reads (an EPW's text, ~1.6 MB), stored once, as the mesh.
    sql: `ALTER TABLE lux_jobs ADD COLUMN weather text;`,
  },
  {
    version: 5,
    name: 'usage by token id',
    // Usage, quotas and rates were keyed by the token's name: a name issued again, two static tokens of one
    // name, or a static and a database token alike shared one bill, one quota and one usage history. Now
    // by its owner (tokenStore.ts ownerOf: `db:<row id>`, `static:<name>`), the name kept for display. A row
    // already there goes to the database token of its name that was made last before it, else a static one;
    // the day counters are made again from the rows (they were their sums); rates and slots are transient.
    sql: `
      ALTER TABLE lux_usage ADD COLUMN owner text;
      UPDATE lux_usage u SET owner = coalesce(
        (SELECT 'db:' || t.id FROM lux_tokens t WHERE t.name = u.token AND t.created_at <= u.at
         ORDER BY t.created_at DESC LIMIT 1),
        'static:' || u.token);
      ALTER TABLE lux_usage ALTER COLUMN owner SET NOT NULL;
      DROP INDEX lux_usage_token_at;
      CREATE INDEX lux_usage_owner_at ON lux_usage (owner, at);
      CREATE INDEX lux_usage_at ON lux_usage (at);
      DROP TABLE lux_usage_day;
      CREATE TABLE lux_usage_day (
        owner text NOT NULL,
        day date NOT NULL,
        requests bigint NOT NULL DEFAULT 0,
        windows bigint NOT NULL DEFAULT 0,
        compute_ms bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (owner, day)
      );
      INSERT INTO lux_usage_day (owner, day, requests, windows, compute_ms)
        SELECT owner, (at AT TIME ZONE 'UTC')::date, count(*), sum(windows), sum(compute_ms)
        FROM lux_usage GROUP BY 1, 2;
      DROP TABLE lux_rate;
      CREATE TABLE lux_rate (
        owner text NOT NULL,
        minute timestamptz NOT NULL,
        count int NOT NULL,
        PRIMARY KEY (owner, minute)
      );
      DROP TABLE lux_inflight;
      CREATE TABLE lux_inflight (
        id text PRIMARY KEY,
        owner text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX lux_inflight_owner ON lux_inflight (owner);`,
  },
  {
    version: 6,
    name: 'jobs’ idempotency keys',
    // POST /v2/jobs's Idempotency-Key and the digest of the body it came with, kept with the job (and swept
    // with it): one job per token and key.
    sql: `
      ALTER TABLE lux_jobs ADD COLUMN idempotency_key text, ADD COLUMN request_digest text;
      CREATE UNIQUE INDEX lux_jobs_idempotency ON lux_jobs (token, idempotency_key)
        WHERE idempotency_key IS NOT NULL;`,
  },
  {
    version: 7,
    name: 'job rooms’ quota holds',
    // The windows a job's room holds against its token's day while it runs (quotaHolds.ts): counted with
    // the day's usage, so that rooms running at once cannot pass the quota together; an older replica's
    // rooms hold none and keep working as before.
    sql: `
      CREATE TABLE lux_quota_holds (
        id text PRIMARY KEY,
        owner text NOT NULL,
        day date NOT NULL,
        windows int NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX lux_quota_holds_owner_day ON lux_quota_holds (owner, day);`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Brings the schema to `target` (the latest by default); returns the versions it applied. */
export async function migrate(db: Database, target = SCHEMA_VERSION): Promise<number[]> {
  return db.transaction(async (q) => {
    await q('SELECT pg_advisory_xact_lock(736001)');
    await q(`CREATE TABLE IF NOT EXISTS lux_schema (
      version int PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const [row] = await q<{ v: number | null }>('SELECT max(version) AS v FROM lux_schema');
    const at = row?.v ?? 0;
    if (at > SCHEMA_VERSION)
      throw new Error(
        `the database's schema is version ${at}, newer than this Lux's ${SCHEMA_VERSION}: upgrade Lux`,
      );
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (m.version <= at || m.version > target) continue;
      for (const statement of m.sql.split(/;\s*$/m).filter((s) => s.trim())) await q(statement);
      await q('INSERT INTO lux_schema (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}

export async function schemaVersion(db: Database): Promise<number> {
  const [row] = await db.query<{ v: number | null }>('SELECT max(version) AS v FROM lux_schema');
  return row?.v ?? 0;
}
