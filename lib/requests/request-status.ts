/** A request's statuses; it moves forward only: from `waiting` to one of the others. */
export const REQUEST_STATUSES = [
  "waiting",
  "answered",
  "answered_elsewhere",
  "expired",
  "timed_out",
  "unavailable",
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
