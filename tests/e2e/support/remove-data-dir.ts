import { rmSync } from "node:fs";

/** After a run, the server's throwaway data folder goes (a failed test's traces stay in test-results/). */
export default function removeDataDir() {
  const dataDir = process.env.HARMONIA_E2E_DATA_DIR;
  if (dataDir?.includes("harmonia-e2e-")) rmSync(dataDir, { recursive: true, force: true });
}
