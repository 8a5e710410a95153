/** The link's query, sent with every form request and verified each time (decision 002). */
export const FORM_LINK_HEADER = "x-form-link";
