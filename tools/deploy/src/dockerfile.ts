/** A Dockerfile's instructions, grouped by build stage (enough to check what an image runs). */
export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs before the first FROM, with their defaults. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

/** Parses a Dockerfile: comments dropped, `\` continuations joined, one instruction a line. */
export function parseDockerfile(text: string): Dockerfile {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    logical.push((pending + line).trim());
    pending = '';
  }
  if (pending.trim()) logical.push(pending.trim());

  const dockerfile: Dockerfile = { globalArgs: {}, stages: [] };
  for (const line of logical.filter((l) => l !== '')) {
    const match = /^([A-Za-z]+)\s+([\s\S]*)$/.exec(line);
    if (!match) throw new Error(`not an instruction: ${line}`);
    const keyword = match[1].toUpperCase();
    const args = match[2].trim();
    if (keyword === 'FROM') {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`unreadable FROM: ${args}`);
      const image = from[1].replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a?: string, b?: string) => {
        const name = (a ?? b) as string;
        return dockerfile.globalArgs[name] ?? `\${${name}}`;
      });
      dockerfile.stages.push({ from: image, name: from[2], instructions: [] });
    } else if (dockerfile.stages.length === 0) {
      if (keyword !== 'ARG') throw new Error(`${keyword} before the first FROM`);
      const [name, value = ''] = args.split('=', 2);
      dockerfile.globalArgs[name] = value;
    } else {
      dockerfile.stages[dockerfile.stages.length - 1].instructions.push({ keyword, args });
    }
  }
  return dockerfile;
}

/** The instructions of `stage` with the given keyword. */
export function instructions(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}
