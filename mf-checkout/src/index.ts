// A remote is consumed through remoteEntry.js / mf-manifest.json; this entry only re-exports the App.
export { default } from './app/app.tsx';
