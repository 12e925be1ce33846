import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["tests/support/globalSetup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["{shared,command-api,projector,read-api,client}/src/**/*.unit.test.{ts,tsx}"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["{shared,command-api,projector,read-api}/src/**/*.int.test.ts", "tests/contract/**/*.test.ts", "tests/api/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: { name: "processes", include: ["tests/processes/**/*.test.ts"], testTimeout: 120_000 },
      },
      {
        extends: true,
        test: { name: "browser", include: ["tests/e2e/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 120_000 },
      },
    ],
  },
});
