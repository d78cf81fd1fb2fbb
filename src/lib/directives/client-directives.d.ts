// The directives scripts/island-loading.ts adds, known to the pages' types.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    'client:after-photos'?: boolean;
    'client:after-photos-idle'?: boolean;
  }
}
