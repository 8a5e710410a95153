import pLimit from "p-limit";

/** How many uploads one page sends at once: below the server's MAX_UPLOADS_PER_LINK (at least 2). */
export const UPLOADS_AT_ONCE = 2;

/** The page's uploads, all fields together: the rest wait instead of being refused by the cap. */
export const uploadGate = pLimit(UPLOADS_AT_ONCE);
