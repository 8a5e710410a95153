import { createContext } from "react";

/** What the knowledge tools share: the kept portal token, what its refusal does, atomic updates. */
export const KnowledgeSession = createContext({
  token: "",
  atomicUpdates: false,
  onTokenRefused: (): void => undefined,
});
