/**
 * Builds the single-page app into dist/app, which the server serves with a history
 * fallback. Loaded by webpack-cli through Node 24's native type stripping, so this file
 * must stay erasable TypeScript (type-only imports, no enums) and ESM.
 */
import path from 'node:path';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const root = import.meta.dirname;
const apiServer = 'http://localhost:3000';
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
    entry: { main: path.join(root, 'src/index.tsx') },
    output: {
      path: path.join(root, 'dist/app'),
      filename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:8].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
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
        patterns: [{ from: 'public', to: '.', globOptions: { ignore: ['**/index.html'] } }],
      }),
      // moment's ~150 locale files would otherwise all be bundled (+59 KiB gzipped).
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
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
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: {
      hints: production ? 'warning' : false,
      maxEntrypointSize: 600_000,
      maxAssetSize: 600_000,
    },
    devServer,
  };
};
