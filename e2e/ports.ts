// Ports of the e2e servers: apart from the demo's defaults so both can run at once.
export const E2E_APP_PORT = 3100;
export const E2E_EMBEDDED_PORT = 5101;
