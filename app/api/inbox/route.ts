import { INBOX_API } from "@/lib/inbox/inbox-api-contract";
import { requireViewer } from "@/lib/server/auth/viewer";
import { listInbox } from "@/lib/server/inbox/list-inbox";
import { defineRoute, endpoint } from "@/lib/server/route-handler";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = defineRoute(
  // The viewer's requests (inbox link or sign-in), waiting ones first.
  endpoint(INBOX_API.list, async ({ request }) => listInbox(await requireViewer(request))),
);
