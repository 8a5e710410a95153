-- A decision is a record of what was sent: it is never changed, only removed by retention.
CREATE FUNCTION "decisions_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'decisions are append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "decisions_append_only" BEFORE UPDATE ON "decisions"
  FOR EACH ROW EXECUTE FUNCTION "decisions_refuse_update"();
