/**
 * Ajv collects the errors of a sub-schema it calls (each entry of a list checked through a `$ref`) with
 * `vErrors = vErrors.concat(sub.errors)`, copying every error found so far on each call: with all errors
 * kept, a list of n failing entries costs n² (50,000 empty ItemList lines took 38 s). This rewrites that
 * one statement of the generated code to append in place, so the cost is linear in the errors found; the
 * validators are generated with it (scripts/write-validators.ts). The result is the same list of errors in
 * the same order.
 * @module
 */

const concatOfSubErrors = /vErrors = vErrors === null \? ([\w$]+)\.errors : vErrors\.concat\(\1\.errors\);/g;

/** Ajv's generated source with the copying append made linear. */
export function appendErrorsInPlace(source: string): string {
  return source.replace(concatOfSubErrors, (_all, sub: string) => {
    // The first errors are copied, not shared: later appends must not change the sub-schema's own list.
    return `if(vErrors === null){vErrors = ${sub}.errors.slice();}else{for(const e of ${sub}.errors){vErrors.push(e);}}`;
  });
}
