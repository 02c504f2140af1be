import { applyD1Migrations, env } from 'cloudflare:test';

// Every test file starts with the schema of migrations/ applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
