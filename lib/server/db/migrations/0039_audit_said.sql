-- A refusal or failure as said before it was put in words (its catalog key and values), so the
-- Activity page writes it in each reader's language; `message` keeps it in English, as before.
ALTER TABLE "audit_log" ADD COLUMN "said" jsonb;
