#!/usr/bin/env node
// The `bahi` CLI. TypeScript runs through tsx's loader, so there is no separate build step for the servers.
import { register } from "tsx/esm/api";

register();
await import("./bahi.ts");
