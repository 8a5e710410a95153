import { INBOX_API } from "@/lib/inbox/inbox-api-contract";
import { requireViewer } from "@/lib/server/auth/viewer";
import { listInbox } from "@/lib/server/inbox/list-inbox";
import { defineRoute, endpoint } from "@/lib/server/route-handler";
import { withStore } from "@/lib/server/store/with-store";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // One page of the viewer's requests (inbox link or sign-in), the newest registered first.
  endpoint(INBOX_API.list, async ({ request, query }) => {
    const session = await requireViewer(request);
    return withStore("list_inbox", (db) => listInbox(db, session, query));
  }),
);
