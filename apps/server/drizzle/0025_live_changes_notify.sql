-- Live updates (ARCHITECTURE.md Stack: Server-Sent Events fed by PostgreSQL LISTEN/NOTIFY): every audited change
-- (RULES.md "Everything that changes data": one audit entry per change, in the change's own transaction) is also
-- announced on the channel grain_changes. NOTIFY is held back until the transaction commits, so a listener hears
-- only committed changes, from every process and every server on the database; a rolled-back change is never heard.
-- The note names the record and who changed it, nothing of its values: each server filters it by the reader's role.
CREATE FUNCTION "announce_audited_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('grain_changes', json_build_object('e', NEW.entity, 'id', NEW.entity_id, 'by', NEW.user_id, 'a', NEW.action)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_announce" AFTER INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "announce_audited_change"();
