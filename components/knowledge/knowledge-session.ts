import { createContext } from "react";

export const KnowledgeSession = createContext({
  token: "",
  atomicUpdates: false,
  onTokenRefused: (): void => undefined,
});
