import { applyD1Migrations, env } from 'cloudflare:test';

// Every test file starts with the schema of migrations/ applied, and the account schema in
// each API group's database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (const db of [env.ACCOUNTS_US, env.ACCOUNTS_EU, env.ACCOUNTS_CN]) await applyD1Migrations(db, env.TEST_ACCOUNT_MIGRATIONS);
