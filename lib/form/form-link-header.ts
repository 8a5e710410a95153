/**
 * The browser sends its link's query (`run`, `user`, `exp`, `sig`) in this header with every form
 * request; the server verifies it each time (decision 002).
 */
export const FORM_LINK_HEADER = "x-form-link";
