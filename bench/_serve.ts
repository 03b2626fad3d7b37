import { startBenchServer } from "./server";
const s = await startBenchServer({ seedCount: 20000 });
console.log("READY", s.appUrl);
process.on("SIGTERM", () => void s.stop().then(() => process.exit(0)));
setInterval(() => {}, 1 << 30);
