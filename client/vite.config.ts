import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// Vite requires the config as the default export.
export default defineConfig({
  // Issue 12: brotli and gzip copies of each asset, so the server sends them without compressing per request.
  plugins: [react(), tailwindcss(), compression({ algorithms: ["gzip", "brotliCompress"] })],
  server: {
    proxy: { "/api": "http://localhost:5000" },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // Must run before zod loads (see src/lib/zod-jitless.ts): its own chunk, imported first.
            { name: "zod-config", test: /src[\\/]lib[\\/]zod-jitless\.ts$/ },
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The dashboard's charts load on their own, so the landing page and the forms never wait for them.
            {
              name: "charts",
              // Only these packages: clsx and the React shim they share with the app stay in vendor.
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|internmap|@reduxjs[\\/]toolkit|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)[\\/]/,
            },
            // Issue 10: the camera barcode reader, loaded only when a browser without BarcodeDetector scans.
            { name: "barcode-reader", test: /node_modules[\\/]@zxing[\\/]/ },
            { name: "vendor", test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
