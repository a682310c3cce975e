/**
 * Text no store can keep: PostgreSQL's text and json types refuse U+0000 (NUL), so a body holding one
 * would pass validation and then fail where it is written. It is refused when the body is read.
 * Whether the portals accept a NUL is not documented; they keep text in databases too, so it is taken
 * that they do not.
 * @module
 */

/** The JSON pointer of the first text or key holding a NUL, or undefined. Iterative: any nesting depth. */
export function nulAt(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return at;
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${at}/${i}`]);
    } else if (node !== null && typeof node === 'object') {
      const keys = Object.keys(node);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const path = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (key.includes('\u0000')) return path;
        stack.push([(node as Record<string, unknown>)[key], path]);
      }
    }
  }
  return undefined;
}
