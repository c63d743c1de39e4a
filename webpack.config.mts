/**
 * Builds the single-page app into dist/app, which the server serves with a history
 * fallback. Loaded by webpack-cli through Node 24's native type stripping, so this file
 * must stay erasable TypeScript (type-only imports, no enums) and ESM. The `.mts`
 * extension says ESM to Node: as `.ts` in a package without `"type"`, Node parsed it
 * twice and warned (MODULE_TYPELESS_PACKAGE_JSON) at every build; `"type": "module"`
 * for the whole package would change how every other script and config loads.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { InjectManifest } from 'workbox-webpack-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const root = import.meta.dirname;

/** A test for modules of the named packages (regular-expression sources) in node_modules. */
const nodeModules = (...packages: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]`);
const apiServer = 'http://localhost:3000';

/**
 * Writes what the entry and each named chunk group (`webpackChunkName`) load, with the
 * library chunks split out of them, to dist/app-chunks.json: the budget check
 * (scripts/check-budgets.ts) sums each page's files from it. Outside dist/app, so the
 * server does not serve it.
 */
class ChunkGroupsPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.done.tap('ChunkGroupsPlugin', (stats) => {
      const { entrypoints, namedChunkGroups } = stats.toJson({
        all: false,
        entrypoints: true,
        chunkGroups: true,
      });
      const out = path.join(root, 'dist/app-chunks.json');
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, `${JSON.stringify({ entrypoints, namedChunkGroups }, null, 1)}\n`);
    });
  }
}

/**
 * The identity SDK's token worker (refresh tokens are kept there, IDENTITY.md), served as
 * a file of the app: by default the SDK builds it at start from a base64 copy inside its
 * bundle (decoded, made a `blob:` URL, started), ~30 ms of the main thread on a cold
 * load unthrottled (docs/first-load.md). Its `workerUrl` setting loads it from here
 * instead; named by its content like every other script, so cached for good.
 */
const tokenWorker = path.join(
  root,
  'node_modules/@auth0/auth0-spa-js/dist/auth0-spa-js.worker.production.js',
);
const tokenWorkerFile = `js/auth0-worker.${createHash('sha256')
  .update(fs.readFileSync(tokenWorker))
  .digest('hex')
  .slice(0, 8)}.js`;

const reactRouterBuild = (file: string) =>
  path.join(root, 'node_modules/react-router/dist/production', file);

/** Paths the dev server hands to the API server: the API, runtime config and the identity provider. */
const proxiedPaths = [
  '/api',
  '/config.json',
  '/authorize',
  '/oauth',
  '/v2',
  '/u',
  '/.well-known',
  '/dbconnections',
  '/interaction',
  '/userinfo',
];

const devServer: DevServerConfiguration = {
  port: 8080,
  historyApiFallback: true,
  hot: true,
  // Whole path segments only, so '/u' (Auth0's login pages) does not swallow '/user...'.
  proxy: [
    {
      context: (pathname: string) =>
        proxiedPaths.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)),
      target: apiServer,
    },
  ],
};

export default (
  _env: unknown,
  argv: { mode?: Configuration['mode'] },
): Configuration & { devServer: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    // The boot script decides between the light /login and the app (src/index.tsx, the
    // `app` chunk it imports): decision 027.
    entry: { boot: path.join(root, 'src/boot.ts') },
    output: {
      path: path.join(root, 'dist/app'),
      filename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    // A production build prints only what needs reading (errors, warnings); the budget
    // check that follows it prints what each page loads.
    stats: production ? 'errors-warnings' : 'normal',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      // react-router's package exports only its development build (dev warnings, ~2x size).
      alias: production
        ? {
            'react-router$': reactRouterBuild('index.mjs'),
            'react-router/dom$': reactRouterBuild('dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Types are checked by `npm run typecheck`; the bundle only needs transpiling.
          use: {
            loader: 'ts-loader',
            options: { transpileOnly: true, compilerOptions: { noEmit: false } },
          },
        },
        // antd's styles, made at build time for the app's theme (scripts/antd-css.ts).
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|webp|svg)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(root, 'public/index.html') }),
      new MiniCssExtractPlugin({
        filename: production ? 'css/[name].[contenthash:8].css' : 'css/[name].css',
        chunkFilename: production ? 'css/[name].[contenthash:8].css' : 'css/[name].css',
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'public', to: '.', globOptions: { ignore: ['**/index.html'] } },
          { from: tokenWorker, to: tokenWorkerFile },
        ],
      }),
      new webpack.DefinePlugin({
        'process.env.AUTH_TOKEN_WORKER': JSON.stringify(`/${tokenWorkerFile}`),
      }),
      // moment's ~150 locale files would otherwise all be bundled (+59 KiB gzipped).
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      ...(production ? [new ChunkGroupsPlugin()] : []),
      // V8 compiles these eagerly on a background thread: every function in them runs at load.
      ...(production
        ? [
            new webpack.BannerPlugin({
              banner: '//# allFunctionsCalledOnLoad',
              raw: true,
              include: /^js\/(react|redux|antd|app)\.[0-9a-f]+\.js$/,
              stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
            }),
          ]
        : []),
      // The service worker (src/sw/sw.ts, docs/offline.md): production builds only, a
      // watched dev build would precache files that change at every save.
      ...(production
        ? [
            new InjectManifest({
              swSrc: path.join(root, 'src/sw/sw.ts'),
              swDest: 'sw.js',
              exclude: [/\.map$/, /\.(br|gz)$/, /LICENSE\.txt$/, /^app-chunks\.json$/],
              maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
            }),
          ]
        : []),
      // Text assets precompressed once at build (brotli and gzip), served by the static
      // plugin (`preCompressed`) without compressing on each request.
      ...(production
        ? (['brotliCompress', 'gzip'] as const).map(
            (algorithm) =>
              new CompressionPlugin({
                algorithm,
                filename: algorithm === 'gzip' ? '[path][base].gz' : '[path][base].br',
                test: /\.(js|css|html|svg|json|webmanifest|txt)$/,
                threshold: 1024,
                minRatio: 0.9,
              }),
          )
        : []),
    ],
    optimization: {
      runtimeChunk: 'single',
      // Libraries in long-cached chunks of their own, each loaded only by the pages that
      // use it (docs/first-load.md): a change to the app leaves them cached, and /login
      // loads neither the shell's antd components nor the charts.
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // The identity provider's SDK is a chunk of its own too, loaded at boot without
          // delaying the first render (`import()` in src/features/auth/authClient.ts).
          // Every page: React, its DOM renderer and the router.
          react: {
            test: nodeModules('react', 'react-dom', 'scheduler', 'react-router'),
            name: 'react',
            priority: 40,
          },
          // Only the pages with charts (history, reports); recharts' own copies of
          // reselect and eventemitter3 sit in its node_modules, hence the priority.
          charts: {
            test: nodeModules(
              'recharts',
              'victory-vendor',
              'd3-[^\\/]+',
              'internmap',
              'decimal\\.js-light',
              'es-toolkit',
              'eventemitter3',
              'tiny-invariant',
            ),
            name: 'charts',
            chunks: 'async',
            priority: 35,
          },
          // Every page: the store, the sagas, persistence and the API client.
          redux: {
            test: nodeModules(
              '@reduxjs/toolkit',
              'redux',
              'redux-saga',
              '@redux-saga/[^\\/]+',
              'redux-persist',
              'react-redux',
              'immer',
              'reselect',
              'use-sync-external-store',
              'ky',
            ),
            name: 'redux',
            priority: 30,
          },
          // The antd components of the app's first render (its `app` chunk); those only
          // the shell and its pages use stay in the lazy chunks (webpack's default split)
          // and load with them.
          antd: {
            test: nodeModules('antd', '@ant-design/[^\\/]+', '@rc-component/[^\\/]+'),
            name: 'antd',
            chunks: (chunk) => chunk.name === 'app',
            priority: 20,
          },
        },
      },
    },
    // No size hints: the budgets per page (budgets.json, scripts/check-budgets.ts) fail
    // the build instead, counting what each page loads rather than single files.
    performance: { hints: false },
    devServer,
  };
};
