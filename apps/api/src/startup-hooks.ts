/**
 * Registers the start-up steps of each area (admin bootstrap, demo content, background workers).
 * Imported by server.ts and by the test and benchmark harnesses.
 */
export {};
