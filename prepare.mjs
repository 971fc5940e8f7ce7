// What npm runs once the dependencies of this repository are installed (`npm ci`, `npm install`,
// and `npm pack` before it packs): build dist/ (build.mjs).
//
// Not an install script of the package: npm runs `prepare` only for the project it installs in, so
// whoever installs the published package runs nothing (dist/ comes built in the tarball). And a
// production install of this repository (`npm ci --omit=dev`) has no esbuild, and needs none:
// dist/ is one bundle with every dependency inside, built beforehand with the dev dependencies
// (the image's build stage does exactly that). There the build is skipped, saying so, instead of
// failing the install.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let esbuild = true;
try {
  require.resolve('esbuild/package.json');
} catch {
  esbuild = false;
}

if (!esbuild) {
  const built = existsSync(new URL('./dist/main.js', import.meta.url));
  console.log(
    'prepare: esbuild not installed (a production install): the build is skipped, ' +
      (built ? 'dist/ is served as it is.' : 'and there is no dist/ to serve: build it where the dev dependencies are (npm ci, then npm run build).'),
  );
} else {
  await import('./build.mjs');
}
