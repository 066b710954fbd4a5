// Style sheets imported by the page script are bundled by esbuild into assets/page.css.
declare module '*.css';
