declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
/** A file's text (`?raw`: the builds' `asset/source`), e.g. a library's style sheet injected at run time. */
declare module '*.css?raw' {
  const text: string;
  export default text;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
