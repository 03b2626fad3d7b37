/** Command-line options of the bench scripts: `--name value`. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export function argOr(name: string, fallback: string): string {
  return arg(name) ?? fallback;
}
