/**
 * Compiles TypeScript files as a frontend would (`strict`, ES2022 with the DOM's fetch), emitting
 * CommonJS to `<dir>/out`; returns the compiler's messages (none: it compiled).
 */
import path from 'node:path';
import ts from 'typescript';

export function compileStrict(dir: string, files: string[]): string[] {
  const program = ts.createProgram(
    files.map((file) => path.join(dir, file)),
    {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      skipLibCheck: true,
      outDir: path.join(dir, 'out'),
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    },
  );
  const emitted = program.emit();
  return [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}
