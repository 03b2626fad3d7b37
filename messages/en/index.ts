// The en messages: one JSON file per namespace (small files, one owner each). Add a namespace
// here and in the other language's index; the type check and lib/i18n/messages.test.ts keep the
// two languages' keys equal.
import auth from "./auth.json";
import common from "./common.json";
import glossary from "./glossary.json";

const messages = { auth, common, glossary };
export default messages;
