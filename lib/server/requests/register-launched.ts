import "server-only";
import { storeRequest } from "@/lib/server/requests/store-request";
import { withStore } from "@/lib/server/store/with-store";

/** A form of a run the launcher started, registered for its visitor; a failure is only counted. */
export function registerLaunched(form: {
  token: string;
  runId: string;
  user: string;
  title: string | null;
}): void {
  void withStore("register_launched", (db) =>
    storeRequest(db, {
      formToken: form.token,
      runId: form.runId || null,
      recipients: [form.user],
      title: form.title,
      registeredBy: "launcher",
    }),
  ).catch(() => undefined);
}
