// What npm runs once the dependencies of this repository are installed (`npm ci`, `npm install`,
// and `npm pack` before it packs): apply patches/ to node_modules, then build dist/ (build.mjs).
//
// Not an install script of the package: npm runs `prepare` only for the project it installs in, so
// whoever installs the published package runs nothing (dist/ comes built in the tarball). And a
// production install of this repository (`npm ci --omit=dev`) has neither patch-package nor
// esbuild, and needs neither: dist/ is one bundle with every dependency inside, built beforehand
// with the dev dependencies (the image's build stage does exactly that). There both steps are
// skipped, saying so, instead of failing the install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const missing = ['patch-package', 'esbuild'].filter((name) => {
  try {
    require.resolve(`${name}/package.json`);
    return false;
  } catch {
    return true;
  }
});

if (missing.length > 0) {
  const built = existsSync(new URL('./dist/main.js', import.meta.url));
  console.log(
    `prepare: ${missing.join(' and ')} not installed (a production install): patches/ and the build are skipped, ` +
      (built ? 'dist/ is served as it is.' : 'and there is no dist/ to serve: build it where the dev dependencies are (npm ci, then npm run build).'),
  );
} else {
  const patched = spawnSync(process.execPath, [require.resolve('patch-package/index.js')], { stdio: 'inherit' });
  if (patched.status !== 0) process.exit(patched.status ?? 1);
  await import('./build.mjs');
}
