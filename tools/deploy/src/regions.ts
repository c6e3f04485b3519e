/**
 * Generated regions inside hand-written files (YAML, shell, env files: `#` comments). A region
 * is the lines between
 *
 *     # generated from the service definitions (npm run generate): <id>
 *     # end of generated: <id>
 *
 * The generator rewrites only those lines, indented like the opening marker; the rest of the
 * file stays as written.
 */

const OPEN = /^([ \t]*)# generated from the service definitions \(npm run generate\): ([\w-]+)\s*$/;
const close = (id: string) => `# end of generated: ${id}`;

/** The lines of a region's content, without indentation (the marker's is added). */
export type RegionRenderer = () => string[];

export function replaceRegions(
  file: string,
  text: string,
  renderers: Record<string, RegionRenderer>,
): string {
  const lines = text.split('\n');
  const out: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    out.push(lines[i]);
    const open = OPEN.exec(lines[i]);
    if (!open) continue;
    const [, indent, id] = open;
    const render = renderers[id];
    if (!render) throw new Error(`${file}: no renderer for the generated region ${id}`);
    const end = lines.findIndex((line, index) => index > i && line.trim() === close(id));
    if (end < 0) throw new Error(`${file}: the generated region ${id} is not closed`);
    for (const line of render()) out.push(line === '' ? '' : `${indent}${line}`);
    out.push(lines[end]);
    seen.add(id);
    i = end;
  }
  const missing = Object.keys(renderers).filter((id) => !seen.has(id));
  if (missing.length) throw new Error(`${file}: no generated region ${missing.join(', ')}`);
  return out.join('\n');
}
