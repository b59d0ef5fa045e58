-- The request budget's policy is written once, in TypeScript (lib/server/budget/policy.ts): the
-- database only holds the window (api_budget_requests, api_budget_blocks), which every process
-- locks, reads and records into in one transaction (lib/server/budget/postgres-store.ts). The
-- functions that computed the policy in SQL go.
DROP FUNCTION IF EXISTS api_budget_take(text, text, text, integer, integer, integer, integer, integer);--> statement-breakpoint
DROP FUNCTION IF EXISTS api_budget_member_limit(integer, integer, integer, integer, integer);
