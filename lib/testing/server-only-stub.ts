// Test-only stand-in for the `server-only` marker package.
export {};
