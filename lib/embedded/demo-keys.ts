// Bearer keys the embedded service accepts; the app uses them when DIFY_API_BASE is unset.
export const EMBEDDED_KEYS = {
  workflowApp: "app-embedded-workflow",
  chatflowApp: "app-embedded-chatflow",
  dataset: "dataset-embedded",
} as const;
