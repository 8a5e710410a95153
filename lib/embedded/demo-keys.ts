// The demo's credentials, in one place: the keys the embedded service accepts, and the secret the
// demo signs its links with. The embedded service and the tools that start the app on it (npm run
// demo and dev, the e2e suite, the smoke test) import them and hand them to the app through its
// environment; the app itself knows none of them.
export const EMBEDDED_KEYS = {
  workflowApp: "app-embedded-workflow",
  chatflowApp: "app-embedded-chatflow",
  dataset: "dataset-embedded",
} as const;

/** The demo's FORM_LINK_SECRET. Public, so marked as such: the app refuses it with a real Dify. */
export const EMBEDDED_LINK_SECRET = "embedded-demo-secret-not-for-production";
