// What the app uses of js-yaml (the package ships no types): the loader with its core schema, and the error it
// throws (a reason and the position it stopped at).
declare module 'js-yaml' {
  export class Schema {}
  export const CORE_SCHEMA: Schema
  export interface LoadOptions {
    schema?: Schema
    /** How deep collections may nest (100 when not given). */
    maxDepth?: number
  }
  export function load(text: string, options?: LoadOptions): unknown
  export class YAMLException extends Error {
    reason: string
    mark?: { line: number; column: number }
  }
}
