import { z } from 'zod';

/** Zod's internal definition of a schema node, as far as env schemas use it. */
interface SchemaNode {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, SchemaNode>;
      left?: SchemaNode;
      right?: SchemaNode;
      in?: SchemaNode;
      innerType?: SchemaNode;
      defaultValue?: unknown;
    };
  };
}

const node = (schema: z.ZodType) => schema as unknown as SchemaNode;

/** The top-level keys of a zod env schema (objects, intersections, pipes, refinements). */
export function envSchemaShape(schema: z.ZodType): Record<string, z.ZodType> {
  const walk = (current: SchemaNode): Record<string, SchemaNode> => {
    const { def } = current._zod;
    if (def.shape) return def.shape;
    if (def.left && def.right) return { ...walk(def.left), ...walk(def.right) };
    if (def.in) return walk(def.in);
    if (def.innerType) return walk(def.innerType);
    throw new Error(`not an env schema: a ${def.type} at the top`);
  };
  return walk(node(schema)) as unknown as Record<string, z.ZodType>;
}

/** One variable's schema and the ones it wraps (optional, default, transform, pipe). */
function* layers(schema: z.ZodType): Generator<z.ZodType> {
  let current: SchemaNode | undefined = node(schema);
  while (current) {
    yield current as unknown as z.ZodType;
    const def: SchemaNode['_zod']['def'] = current._zod.def;
    current = def.innerType ?? def.in;
  }
}

/** The default of one variable of an env schema (through optional/pipe wrappers). */
export function envDefault(schema: z.ZodType, key: string): unknown {
  const variable = envSchemaShape(schema)[key];
  if (!variable) return undefined;
  for (const layer of layers(variable)) {
    const { def } = node(layer)._zod;
    if (def.type === 'default') return def.defaultValue;
  }
  return undefined;
}

/** Whether a variable of an env schema may be left unset (optional, or with a default). */
export function envOptional(schema: z.ZodType, key: string): boolean {
  const variable = envSchemaShape(schema)[key];
  return variable ? variable.safeParse(undefined).success : true;
}
