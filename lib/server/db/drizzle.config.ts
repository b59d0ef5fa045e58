import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./lib/server/db/schema.ts', './lib/server/db/schema-sign-in.ts'],
  out: './lib/server/db/migrations',
});
