/** Everything piped to stdin, without its final line break. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  return text.replace(/\r?\n$/, "");
}
