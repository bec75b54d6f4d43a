// A remote is consumed through remoteEntry.js / mf-manifest.json; this entry only re-exports its RemoteModule.
export { default } from './app/remote-module.ts';
