/** Stylesheets are bundled by webpack (css-loader + MiniCssExtractPlugin): imported for their effect only. */
declare module '*.css';
