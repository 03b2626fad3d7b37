// Writes app/icons.css (see lib/icons/mask-icons-css.ts).
import { writeFileSync } from "node:fs";
import { maskIconsCss } from "../lib/icons/mask-icons-css";

writeFileSync(new URL("../app/icons.css", import.meta.url), await maskIconsCss());
